import type { AiReplyRequest, AiReplyEvent } from '@/schemas/ai-reply'

export type DraftOptions = {
  signal: AbortSignal
  onEvent: (event: AiReplyEvent) => void
  /** The bot check's token for action 'reply'; the function refuses a draft without a valid one. */
  turnstileToken?: string
}

export interface AiReplyService {
  /** Streams one draft: `onEvent` gets each checked chunk, then the final reply; rejects with a Failure of ReplyFailureKind. */
  draft(request: AiReplyRequest, options: DraftOptions): Promise<void>
}

/** The `ai-reply` edge function. The streaming code is its own chunk, loaded when a visitor asks for a draft. */
export function createAiReplyService({ functionsUrl }: { functionsUrl: string }): AiReplyService {
  return {
    async draft(request, options) {
      const { streamDraft } = await import('./ai-reply-stream')
      return streamDraft(`${functionsUrl}/ai-reply`, request, options)
    },
  }
}
