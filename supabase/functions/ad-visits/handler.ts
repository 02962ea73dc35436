import * as v from 'valibot'
import { AD_VISIT_MAX_BYTES, AdVisitSchema, type AdVisit } from '../../../src/schemas/ad-visit.ts'
import { hasBadCharacters } from '../../../src/schemas/visitor-text.ts'
import { withCors } from '../_shared/http/cors.ts'
import {
  bodyType,
  FORM_TYPE,
  JSON_TYPE,
  json,
  methodNotAllowed,
  parseJson,
  readLimitedText,
  unsupportedMediaType,
} from '../_shared/http/http.ts'
import type { RateLimiter } from '../_shared/limits/rate-limit.ts'
import type { Logger } from '../_shared/runtime/logger.ts'

export type AdVisitsDeps = {
  allowedOrigins: readonly string[]
  /** Counts one visit (record_ad_visit); undefined without a database. */
  record: ((visit: AdVisit) => Promise<void>) | undefined
  /** Per client address the platform vouches for (_shared/limits), as `leads` counts. */
  limiter: RateLimiter | undefined
  logger: Logger
}

/** A form body's fields, each once (a repeated field is refused, not guessed at). */
function formFields(text: string): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) return undefined
    fields[name] = value
  }
  return fields
}

/**
 * The landing page's beacon: one visit with an ad click id kept under consent (issue 44 point 6).
 * POST only (nothing in a URL), a small form or JSON body of platform, keyword and kinds of click id,
 * limited per client; it stores a count, nothing personal, and answers 204 with no body.
 */
export function createAdVisitsHandler(deps: AdVisitsDeps): (req: Request) => Promise<Response> {
  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const type = bodyType(req)
    if (!type) return unsupportedMediaType([FORM_TYPE, JSON_TYPE])
    const text = await readLimitedText(req, AD_VISIT_MAX_BYTES)
    if (text === 'too-large') return json(413, { error: 'The visit is larger than a visit can be' })
    const body = type === 'json' ? parseJson(text) : formFields(text)
    if (body === undefined || hasBadCharacters(body)) return json(400, { error: 'The visit could not be read' })
    const visit = v.safeParse(AdVisitSchema, body)
    if (!visit.success) return json(400, { error: `The visit was refused: ${visit.issues.map((issue) => issue.message).join('; ')}` })
    if (!deps.record) return json(503, { error: 'Visits are not counted here' })

    try {
      const decision = deps.limiter ? await deps.limiter(req) : { allowed: true as const }
      if (!decision.allowed) return json(429, { error: 'Too many visits' }, { 'retry-after': String(decision.retryAfterSeconds) })
      await deps.record(visit.output)
    } catch (error) {
      deps.logger.error('ad visit not counted', { error: String(error) })
      return json(503, { error: 'The visit could not be counted' })
    }
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
  }
  return withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['POST'] })
}
