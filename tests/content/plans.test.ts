import { describe, expect, it } from 'vitest'
import { billedTotal, billingCycles, formatUsd, PLAN_CARD_FEATURES, planById, periodTotal, plans } from '@/content/plans'
import { BILLING_CYCLES, DEFAULT_BILLING_CYCLE, PLAN_IDS } from '@/schemas/enterprise'

describe('plans content (SPEC §3, §9)', () => {
  it('offers Starter Enterprise and Growth Package, one per plan id', () => {
    expect(plans.map((plan) => [plan.id, plan.name])).toEqual([
      ['starter', 'Starter Enterprise'],
      ['growth', 'Growth Package'],
    ])
    expect(plans.map((plan) => plan.id)).toEqual([...PLAN_IDS])
  })

  it("labels the default 'quarterly' value 'Annually' (12 months) and 'biannually' 6 months", () => {
    expect(DEFAULT_BILLING_CYCLE).toBe('quarterly')
    expect(BILLING_CYCLES.map((cycle) => [cycle, billingCycles[cycle].label, billingCycles[cycle].months])).toEqual([
      ['quarterly', 'Annually', 12],
      ['biannually', 'Biannually', 6],
    ])
  })

  it.each([
    ['starter', 'quarterly', 'US$1,660', 'US$19,920', 'per year', 'billed every year'],
    ['starter', 'biannually', 'US$1,845', 'US$11,070', 'per 6 months', 'billed every 6 months'],
    ['growth', 'quarterly', 'US$2,950', 'US$35,400', 'per year', 'billed every year'],
    ['growth', 'biannually', 'US$3,470', 'US$20,820', 'per 6 months', 'billed every 6 months'],
  ] as const)('%s billed %s: %s a month, %s %s', (id, cycle, monthly, total, period, billed) => {
    const plan = planById(id)
    expect(formatUsd(plan.monthlyPrice[cycle])).toBe(monthly)
    expect(formatUsd(periodTotal(plan, cycle))).toBe(total)
    expect(billingCycles[cycle].period).toBe(period)
    expect(billedTotal(plan, cycle)).toBe(`${total} ${billed}`)
  })

  it("explains only 'Biannually', the label read two ways", () => {
    expect(billingCycles.biannually.clarifier).toBe('billed every 6 months')
    expect(billingCycles.quarterly.clarifier).toBeUndefined()
  })

  it('lists 12 Starter features and 15 Growth features, 6 of each on the card', () => {
    expect(PLAN_CARD_FEATURES).toBe(6)
    expect(planById('starter').features).toHaveLength(12)
    expect(planById('growth').features).toHaveLength(15)
    expect(planById('growth').features).toEqual(
      expect.arrayContaining([
        '3000 new users per month',
        'up to 11,500 SMS',
        '15 dedicated phone numbers',
        'up to 15 locations',
        'dedicated growth campaign manager',
        'SMS campaigns for previous customers',
        'monthly strategy session',
      ]),
    )
  })
})
