import * as v from 'valibot'
import { templateReply } from '../../../src/lib/reply-templates.ts'
import {
  AiReplyRequestSchema,
  REQUEST_MAX_BYTES,
  sseEvent,
  type AiReplyCode,
  type AiReplyRequest,
  type FallbackReason,
} from '../../../src/schemas/ai-reply.ts'
import { BAD_CHARACTERS, CleanInputSchema } from '../../../src/schemas/visitor-text.ts'
import { withCors } from '../_shared/http/cors.ts'
import { bodyType, json, JSON_TYPE, methodNotAllowed, parseJson, readLimitedText, unsupportedMediaType } from '../_shared/http/http.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import { sha256Hex, type RateLimiter } from '../_shared/limits/rate-limit.ts'
import type { DailyCap } from '../_shared/limits/daily-cap.ts'
import type { Verifier } from '../_shared/turnstile/siteverify.ts'
import { DEFAULT_SALES_PHONE, verificationFailed, verificationUnavailable } from '../_shared/turnstile/refusal.ts'
import { createReplyGuard } from './guard.ts'
import { ModelTimeout, type ModelStream } from './model.ts'
import { userMessage } from './prompt.ts'

export type AiReplyDeps = {
  allowedOrigins: readonly string[]
  logger: Logger
  /** Per client (5 an hour, 20 a day); every one must allow. */
  limiters: readonly RateLimiter[]
  /** Model drafts for everyone per UTC day; past it the template answers. */
  dailyCap?: DailyCap
  /** undefined when no model is configured: every answer is the template. */
  model?: ModelStream
  /** Cloudflare Turnstile (action 'reply'); absent or off: no check. */
  verifier?: Verifier
  salesPhone?: string
}

const problem = (status: number, code: AiReplyCode, message: string, extra: Record<string, unknown> = {}, headers = {}) =>
  json(status, { code, message, ...extra }, headers)

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
}

export function createAiReplyHandler(deps: AiReplyDeps): (req: Request) => Promise<Response> {
  const { logger } = deps

  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    if (bodyType(req) !== 'json') return unsupportedMediaType([JSON_TYPE])
    const text = await readLimitedText(req, REQUEST_MAX_BYTES)
    if (text === 'too-large') return problem(413, 'too-large', `The request is over ${REQUEST_MAX_BYTES} bytes`)
    const body = parseJson(text)
    if (!v.is(CleanInputSchema, body)) return problem(400, 'invalid', BAD_CHARACTERS)
    const parsed = v.safeParse(AiReplyRequestSchema, body)
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
      return problem(400, 'invalid', issues.map((issue) => issue.message).join('; '), { issues })
    }
    const request = parsed.output

    const limits = await limited(req)
    if (limits instanceof Response) return limits
    // Before the model (a third party that bills) and before the day's cap is counted.
    if (deps.verifier) {
      const token = (body as Record<string, unknown>).turnstileToken
      const verification = await deps.verifier({ token, action: 'reply', headers: req.headers, idempotencyKey: crypto.randomUUID() })
      if (verification.kind === 'unavailable') return verificationUnavailable()
      if (verification.kind === 'unverified') return verificationFailed(deps.salesPhone ?? DEFAULT_SALES_PHONE)
    }
    const reason = limits ?? (deps.model ? await capped() : 'down')
    if (reason) return templateStream(request, reason)
    return modelStream(request, deps.model!, req.signal)
  }

  /** A 429 for a client over its limits; a broken limiter costs nothing, as the template answers. */
  async function limited(req: Request): Promise<Response | FallbackReason | undefined> {
    try {
      const decisions = await Promise.all(deps.limiters.map((limiter) => limiter(req)))
      const wait = Math.max(0, ...decisions.map((d) => (d.allowed ? 0 : d.retryAfterSeconds)))
      if (wait > 0) return problem(429, 'rate-limited', 'Too many drafts from this connection', {}, { 'retry-after': String(wait) })
      return undefined
    } catch (error) {
      logger.error('ai reply: rate limit check failed', { message: error instanceof Error ? error.message : String(error) })
      return 'down'
    }
  }

  async function capped(): Promise<FallbackReason | undefined> {
    if (!deps.dailyCap) return undefined
    try {
      const cap = await deps.dailyCap()
      if (cap.allowed) return undefined
      logger.warn('ai reply: daily cap reached', { retryAfterSeconds: cap.retryAfterSeconds })
      return 'capped'
    } catch (error) {
      logger.error('ai reply: daily cap check failed', { message: error instanceof Error ? error.message : String(error) })
      return 'down'
    }
  }

  function templateStream(request: AiReplyRequest, reason: FallbackReason): Response {
    return new Response(sseEvent({ type: 'done', text: templateReply(request), source: 'template', reason }), { headers: STREAM_HEADERS })
  }

  /**
   * The model's text reaches the visitor only through the guard: whole sentences, each after the
   * reply so far has passed every check; the final event carries the reply checked as a whole,
   * or the template when any check fails or the model fails.
   */
  function modelStream(request: AiReplyRequest, model: ModelStream, clientGone: AbortSignal): Response {
    const abort = new AbortController()
    const signal = AbortSignal.any([abort.signal, clientGone])
    const encoder = new TextEncoder()
    const guard = createReplyGuard(request)
    const started = Date.now()

    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: Parameters<typeof sseEvent>[0]) => controller.enqueue(encoder.encode(sseEvent(event)))
        const fallBack = (reason: FallbackReason, fields: Record<string, unknown> = {}) => {
          abort.abort()
          void audit(request, 'template', { reason, ms: Date.now() - started, ...fields })
          send({ type: 'done', text: templateReply(request), source: 'template', reason })
        }
        try {
          for await (const delta of model(request, signal)) {
            const step = guard.push(delta)
            if (!step.ok) return fallBack('unsafe', { violations: step.violations })
            if (step.send) send({ type: 'chunk', text: step.send, source: 'ai' })
          }
          const last = guard.finish()
          if (!last.ok) return fallBack('unsafe', { violations: last.violations })
          if (last.send) send({ type: 'chunk', text: last.send, source: 'ai' })
          void audit(request, 'ai', { ms: Date.now() - started })
          send({ type: 'done', text: guard.text(), source: 'ai' })
        } catch (error) {
          if (clientGone.aborted) return
          const slow = error instanceof ModelTimeout
          fallBack(slow ? 'slow' : 'down', { message: error instanceof Error ? error.message : String(error) })
        } finally {
          try {
            controller.close()
          } catch {
            // The visitor left: the stream was cancelled.
          }
        }
      },
      cancel() {
        abort.abort()
      },
    })
    return new Response(body, { headers: STREAM_HEADERS })
  }

  /** The AI policy's audit record: time, a hash of the prompt (never the review), and the outcome. */
  async function audit(request: AiReplyRequest, source: 'ai' | 'template', fields: Record<string, unknown>) {
    const promptHash = (await sha256Hex(userMessage(request))).slice(0, 24)
    logger.info('ai reply drafted', { promptHash, source, success: source === 'ai', ...fields })
  }

  return withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['POST'] })
}
