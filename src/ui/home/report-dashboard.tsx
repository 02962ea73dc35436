import { useId } from 'react'
import { reportsContent } from '@/content/home'

const { stats, dashboard, chart } = reportsContent

// Chart geometry: one 100-unit column per month, values in thousands on a 0-2.5K scale.
const COLUMN = 100
const TOP = 16
const BOTTOM = 184
const MAX = 2.5
const x = (i: number) => COLUMN / 2 + i * COLUMN
const y = (value: number) => BOTTOM - (value / MAX) * (BOTTOM - TOP)
const width = chart.months.length * COLUMN

function smoothLine(values: readonly number[]): string {
  return values
    .map((value, i) => {
      if (i === 0) return `M${x(0)} ${y(value)}`
      const prev = values[i - 1] ?? value
      return `C${x(i - 1) + COLUMN / 2} ${y(prev)} ${x(i) - COLUMN / 2} ${y(value)} ${x(i)} ${y(value)}`
    })
    .join(' ')
}

const format = (thousands: number) => (thousands >= 1 ? `${Math.round(thousands * 100) / 100}K` : String(Math.round(thousands * 1000)))
const first = (values: readonly number[]) => format(values[0] ?? 0)
const last = (values: readonly number[]) => format(values[values.length - 1] ?? 0)

const chartLabel =
  `Line chart by month, ${chart.months[0]} to ${chart.months[chart.months.length - 1]}: ` +
  `${chart.smsLabel.toLowerCase()} grew from ${first(chart.sms)} to ${last(chart.sms)}, ` +
  `${chart.conversionsLabel.toLowerCase()} from ${first(chart.conversions)} to ${last(chart.conversions)}.`

// Drawn by the tile itself: a <div> in a <dl> may hold only <dt> and <dd>.
const tileAccents = ['before:bg-brand-500', 'before:bg-accent-500', 'before:bg-emerald-500', 'before:bg-sky-400']

/** A sample client report: headline figures and a six-month trend. */
export function ReportDashboard() {
  const gradientId = `${useId()}-sms-area`
  const smsLine = smoothLine(chart.sms)
  return (
    <figure className="reveal">
      <div className="card overflow-hidden shadow-float">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-surface px-5 py-3">
          <span aria-hidden="true" className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
          </span>
          <p className="ml-2 text-sm font-semibold text-ink">{dashboard.title}</p>
          <p className="ml-auto hidden text-xs text-muted sm:block">{dashboard.period}</p>
        </div>
        <div className="p-4 sm:p-6">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {stats.map((stat, i) => (
              <div
                key={stat.label}
                className={`relative overflow-hidden rounded-xl bg-surface p-3.5 ring-1 ring-slate-100 before:absolute before:inset-x-0 before:top-0 before:h-1 ${tileAccents[i % tileAccents.length]}`}
              >
                <dt className="text-xs font-medium text-muted">{stat.label}</dt>
                <dd className="mt-1 text-2xl font-bold tracking-tight text-ink">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-1 text-xs font-medium text-muted">
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="h-1 w-4 rounded-full bg-brand-500" />
              {chart.smsLabel}
            </span>
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="h-1 w-4 rounded-full bg-accent-500" />
              {chart.conversionsLabel}
            </span>
          </div>
          <svg role="img" aria-label={chartLabel} viewBox={`0 0 ${width} 200`} width={width} height="200" className="mt-3 h-auto w-full">
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1" className="text-brand-500">
                <stop offset="0" stopColor="currentColor" stopOpacity="0.28" />
                <stop offset="1" stopColor="currentColor" stopOpacity="0" />
              </linearGradient>
            </defs>
            {[0, 0.5, 1, 1.5, 2, 2.5].map((tick) => (
              <line
                key={tick}
                x1="0"
                x2={width}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-slate-200"
                strokeDasharray={tick === 0 ? undefined : '4 6'}
              />
            ))}
            <path d={`${smsLine} L${x(chart.sms.length - 1)} ${BOTTOM} L${x(0)} ${BOTTOM}Z`} fill={`url(#${gradientId})`} />
            <path d={smsLine} fill="none" className="stroke-brand-500" strokeWidth="3.5" strokeLinecap="round" />
            <path d={smoothLine(chart.conversions)} fill="none" className="stroke-accent-500" strokeWidth="3.5" strokeLinecap="round" />
            {chart.conversions.map((value, i) => (
              <circle key={chart.months[i]} cx={x(i)} cy={y(value)} r="5" className="fill-white stroke-accent-500" strokeWidth="3" />
            ))}
            {chart.sms.map((value, i) => (
              <circle key={chart.months[i]} cx={x(i)} cy={y(value)} r="5" className="fill-white stroke-brand-500" strokeWidth="3" />
            ))}
          </svg>
          <div aria-hidden="true" className="mt-2 grid grid-cols-6 text-center text-xs text-muted">
            {chart.months.map((month) => (
              <span key={month}>{month}</span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-muted">{dashboard.caption}</figcaption>
    </figure>
  )
}
