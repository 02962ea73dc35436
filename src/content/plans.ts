import type { BillingCycle, PlanId } from '../schemas/enterprise.ts'
import { wholeDollars } from '../lib/whole-dollars.ts'

export type Plan = {
  id: PlanId
  name: string
  /** USD per month for each billing cycle (SPEC §3). */
  monthlyPrice: Record<BillingCycle, number>
  features: readonly string[]
}

export type BillingCycleInfo = {
  label: string
  months: number
  period: string
  /** After the period total on a plan card and on step 3: 'US$11,070 billed every 6 months'. */
  billed: string
  /** Beside a label people read two ways ('twice a year' or 'every two years'). */
  clarifier?: string
}

/** SPEC §3 keeps both readings: the value 'quarterly' is labelled 'Annually' and billed per year. */
export const billingCycles: Record<BillingCycle, BillingCycleInfo> = {
  quarterly: { label: 'Annually', months: 12, period: 'per year', billed: 'billed every year' },
  biannually: {
    label: 'Biannually',
    months: 6,
    period: 'per 6 months',
    billed: 'billed every 6 months',
    clarifier: 'billed every 6 months',
  },
}

export const PLAN_CARD_FEATURES = 6

const starterFeatures = [
  '1000 new users per month',
  'up to 4000 SMS',
  'personalized link for negative-review redirect',
  'personalized SMS creative strategy',
  'dedicated account manager 24/7',
  '5 dedicated phone numbers',
  'enterprise client dashboard',
  'up to 5 locations',
  'AI reply for private reviews',
  'social sharing',
  'website reviews widget',
  '2,000+ integrations',
] as const

const growthFeatures = [
  '3000 new users per month',
  'up to 11,500 SMS',
  'personalized link for negative-review redirect',
  'personalized SMS creative strategy',
  'dedicated account manager 24/7',
  '15 dedicated phone numbers',
  'enterprise client dashboard',
  'up to 15 locations',
  'AI reply for private reviews',
  'social sharing',
  'website reviews widget',
  '2,000+ integrations',
  'dedicated growth campaign manager',
  'SMS campaigns for previous customers',
  'monthly strategy session',
] as const

export const plans: readonly Plan[] = [
  { id: 'starter', name: 'Starter Enterprise', monthlyPrice: { quarterly: 1660, biannually: 1845 }, features: starterFeatures },
  { id: 'growth', name: 'Growth Package', monthlyPrice: { quarterly: 2950, biannually: 3470 }, features: growthFeatures },
]

export const planById = (id: PlanId): Plan => plans.find((plan) => plan.id === id) ?? plans[0]!

/** Monthly price times 12 per year, or times 6 per 6 months (SPEC §9). */
export const periodTotal = (plan: Plan, cycle: BillingCycle): number => plan.monthlyPrice[cycle] * billingCycles[cycle].months

export const formatUsd = wholeDollars

/** The period total with its billing: 'US$11,070 billed every 6 months'. */
export const billedTotal = (plan: Plan, cycle: BillingCycle): string =>
  `${formatUsd(periodTotal(plan, cycle))} ${billingCycles[cycle].billed}`
