import { aiReplyContent } from '@/content/ai-reply'
import { bookCallCopy } from '@/content/book-call'
import type { LeadReply } from '@/schemas/ai-reply'
import { CallUs } from '@/ui/lead-form/call-us'
import { ReplyDraft, type ReplyDraftProps } from '@/ui/reply/reply-draft'
import { BookCall } from './book-call'

export type ReplyResultProps = ReplyDraftProps & { lead: LeadReply | null }

/** The draft and, once there is one, the call that gets a reply like it for every review (its own chunk). */
export default function ReplyResult({ lead, ...draft }: ReplyResultProps) {
  return (
    <div className="grid gap-6">
      <ReplyDraft {...draft} />
      {draft.phase === 'drafted' && lead && (
        <div>
          <BookCall label={aiReplyContent.draft.book} copy={bookCallCopy.reply} href="/schedule" reply={lead} />
          {/* A template stood in for the AI writer: the phone too, for a visitor who would rather talk. */}
          {draft.reason && <CallUs />}
        </div>
      )}
    </div>
  )
}
