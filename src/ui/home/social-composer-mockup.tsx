import type { ReactNode } from 'react'
import { socialContent } from '@/content/home'
import { StarRow } from '@/ui/home/star-row'

const m = socialContent.mock

// Generic channel glyphs (a pin, a chat bubble, a camera): not the networks' own marks.
const channelGlyphs: readonly ReactNode[] = [
  <path key="pin" d="M10 17s-5-4.6-5-8.5a5 5 0 0 1 10 0C15 12.4 10 17 10 17zm0-6.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" />,
  <path key="chat" d="M4 5.5A2.5 2.5 0 0 1 6.5 3h7A2.5 2.5 0 0 1 16 5.5v5a2.5 2.5 0 0 1-2.5 2.5H9l-3.5 3v-3A2.5 2.5 0 0 1 4 10.5z" />,
  <path
    key="camera"
    d="M4 7.5A1.5 1.5 0 0 1 5.5 6H7l1-2h4l1 2h1.5A1.5 1.5 0 0 1 16 7.5v6a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 4 13.5zM10 13a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
  />,
]

function Check({ className = '' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M4.5 10.5l3.5 3.5 7.5-8" />
    </svg>
  )
}

/** A drawn example of the post composer publishing one post to several locations. */
export function SocialComposerMockup() {
  return (
    <div role="img" aria-label={m.description} className="reveal relative mx-auto w-full max-w-xl lg:max-w-none">
      <div className="card overflow-hidden">
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3.5">
          <p className="font-semibold text-ink">{m.title}</p>
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <Check className="text-success" />
            {m.status}
          </p>
        </div>
        <div className="space-y-4 p-5">
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">{m.locationsLabel}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {m.locations.map((location) => (
                <span
                  key={location}
                  className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-200"
                >
                  <Check />
                  {location}
                </span>
              ))}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {m.channels.map((channel, i) => (
              <span
                key={channel}
                className="inline-flex items-center gap-1.5 rounded-lg bg-white px-2.5 py-1.5 text-xs font-semibold text-ink ring-1 ring-slate-200"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  width="16"
                  height="16"
                  fill="currentColor"
                  fillRule="evenodd"
                  className="text-slate-500"
                >
                  {channelGlyphs[i % channelGlyphs.length]}
                </svg>
                {channel}
              </span>
            ))}
          </div>
          <p className="rounded-xl border border-slate-200 bg-surface p-3.5 text-sm leading-6 text-ink">{m.post}</p>
          <div className="relative overflow-hidden rounded-xl bg-gradient-to-br from-brand-600 to-brand-900 p-5 text-white sm:p-6">
            <div aria-hidden="true" className="absolute -top-10 -right-10 size-36 rounded-full bg-white/10" />
            <div aria-hidden="true" className="absolute -bottom-12 left-1/3 size-28 rounded-full bg-brand-400/20" />
            <StarRow size={18} className="relative text-accent-400" />
            <p className="relative mt-3 text-lg leading-snug font-semibold text-balance sm:text-xl">{m.quote}</p>
            <p className="relative mt-2 text-sm text-brand-100">{m.quoteAuthor}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 bg-surface px-5 py-3.5">
          <span className="inline-flex items-center gap-2 text-sm text-muted">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <rect x="3" y="4.5" width="14" height="12" rx="2" />
              <path d="M3 8.5h14M7 3v3M13 3v3" />
            </svg>
            {m.schedule}
          </span>
          <span className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm">{m.button}</span>
        </div>
      </div>
      <div className="card absolute -top-5 left-1/2 hidden -translate-x-1/2 items-center gap-2 px-3.5 py-2.5 text-sm font-semibold whitespace-nowrap text-ink shadow-float sm:flex">
        <span className="grid size-6 place-items-center rounded-full bg-green-100 text-success">
          <Check />
        </span>
        {m.toast}
      </div>
    </div>
  )
}
