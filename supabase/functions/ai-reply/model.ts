import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { streamText } from 'ai'
import type { AiReplyRequest } from '../../../src/schemas/ai-reply.ts'
import { SYSTEM_PROMPT, userMessage } from './prompt.ts'

export const FIRST_TOKEN_MS = 8_000
/** A reply is about 120 words; no stream should run past this. */
const TOTAL_MS = 30_000
const MAX_OUTPUT_TOKENS = 400

/** The model's reply as text deltas; it throws `ModelTimeout` when no text comes within the first-token limit. */
export type ModelStream = (request: AiReplyRequest, signal: AbortSignal) => AsyncIterable<string>

export class ModelTimeout extends Error {
  constructor(ms: number) {
    super(`no first token within ${ms} ms`)
    this.name = 'ModelTimeout'
  }
}

export type ModelConfig = { baseUrl: string; apiKey: string; model: string; firstTokenMs?: number; fetch?: typeof fetch }

/** Any OpenAI-compatible chat endpoint through the AI SDK; the key never leaves the function. */
export function openAiCompatibleModel(config: ModelConfig): ModelStream {
  const provider = createOpenAICompatible({ name: 'ai-reply', baseURL: config.baseUrl, apiKey: config.apiKey, fetch: config.fetch })
  const firstTokenMs = config.firstTokenMs ?? FIRST_TOKEN_MS

  return async function* stream(request, signal) {
    const firstToken = new AbortController()
    const timer = setTimeout(() => firstToken.abort(new ModelTimeout(firstTokenMs)), firstTokenMs)
    const result = streamText({
      model: provider.chatModel(config.model),
      system: SYSTEM_PROMPT,
      prompt: userMessage(request),
      temperature: 0.4,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      // One try: a retry would start the first-token wait again while the visitor watches.
      maxRetries: 0,
      abortSignal: AbortSignal.any([signal, firstToken.signal, AbortSignal.timeout(TOTAL_MS)]),
    })
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text) {
          clearTimeout(timer)
          yield part.text
        } else if (part.type === 'error') {
          throw part.error
        } else if (part.type === 'abort') {
          throw new Error('model stream aborted')
        }
      }
    } catch (error) {
      if (firstToken.signal.aborted) throw new ModelTimeout(firstTokenMs)
      throw error
    } finally {
      clearTimeout(timer)
    }
  }
}
