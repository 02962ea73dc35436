import type { Attribution } from '../../../../src/schemas/attribution.ts'

// Where a lead came from, as sales reads it on the board item: which platform's click id came with
// it (its name, never the id itself) and the advertising consent the visitor had given. Every word is
// ours: nothing a visitor sent is quoted here (the platform and keyword are escaped rows of their own).

const PLATFORM_OF_CLICK: Record<keyof Attribution['clickIds'], string> = {
  gclid: 'Google Ads',
  gbraid: 'Google Ads (iOS app)',
  wbraid: 'Google Ads (iOS web)',
  fbclid: 'Meta',
  msclkid: 'Microsoft Ads',
}

/** 'Google Ads (gclid)', several joined with a comma, or 'none' (no click id, or consent refused). */
export function clickIdWords(attribution: Attribution | undefined): string {
  const names = (Object.keys(attribution?.clickIds ?? {}) as string[]).filter(
    (name): name is keyof typeof PLATFORM_OF_CLICK => name in PLATFORM_OF_CLICK,
  )
  if (names.length === 0) return attribution && attribution.consent.ad_user_data !== 'granted' ? 'none kept (no ad consent)' : 'none'
  return names.map((name) => `${PLATFORM_OF_CLICK[name]} (${name})`).join(', ')
}

const SOURCE_WORDS: Record<Attribution['consent']['source'], string> = {
  banner: "the visitor's choice in the banner",
  'region-default': 'not answered yet; the default where visitors are asked',
  'not-asked': 'not asked; the default elsewhere',
}

/** 'granted (the visitor's choice in the banner)'; undefined for a lead sent without the script. */
export function adConsentWords(attribution: Attribution | undefined): string | undefined {
  if (!attribution) return undefined
  return `${attribution.consent.ad_user_data} (${SOURCE_WORDS[attribution.consent.source]})`
}
