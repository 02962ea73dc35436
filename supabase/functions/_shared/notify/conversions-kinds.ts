import type { AlertContent } from '../alerts/channels.ts'
import { strong, visitorText } from '../alerts/text.ts'
import type { Renderer } from './notification.ts'

const PLATFORM_NAMES: Record<string, string> = { google: 'Google Ads (Data Manager)', meta: 'Meta (Conversions API)' }

/** 'conversions-config': a platform refused our credentials or settings (conversion-worker.ts), once a day per platform. */
const conversionsConfig: Renderer =
  (payload: Record<string, unknown>): AlertContent =>
  (format) => {
    const platform = PLATFORM_NAMES[String(payload.platform)] ?? String(payload.platform)
    return {
      subject: `Ad conversions not reaching ${platform}`,
      text: [
        strong(`${platform} refused the conversions' credentials or settings`, format),
        `What it said: ${visitorText(String(payload.reason), format, 300)}`,
        'The conversions wait and are sent once this is fixed; nothing is lost.',
        `Runbook: ${String(payload.runbook)}`,
      ].join('\n'),
    }
  }

export const conversionsRenderers = { 'conversions-config': conversionsConfig }
