import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { ReplyField, ReplyFormValues } from '@/schemas/ai-reply'
import { ReplyDraft, type ReplyDraftProps } from '@/ui/reply/reply-draft'
import { ReplyForm } from '@/ui/reply/reply-form'

const empty: ReplyFormValues = { review: '', rating: null, firstName: '', business: '', kind: 'general', tone: 'warm' }

function Form({ onSubmit = () => {}, errors = {} }: { onSubmit?: () => void; errors?: Partial<Record<ReplyField, string>> }) {
  const [values, setValues] = useState(empty)
  return (
    <ReplyForm
      values={values}
      errors={errors}
      ready
      busy={false}
      onChange={(field, value) => setValues((v) => ({ ...v, [field]: field === 'rating' ? Number(value) : value }))}
      onSubmit={onSubmit}
    />
  )
}

const draft = (props: Partial<ReplyDraftProps> = {}) => (
  <ReplyDraft
    phase="drafted"
    reply="Dear Dan, thank you."
    source="ai"
    reason={null}
    stopped={false}
    copying={false}
    onStop={() => {}}
    onEdit={() => {}}
    onCopy={() => {}}
    onRegenerate={() => {}}
    {...props}
  />
)

describe('reply form', () => {
  it('counts the review as it is typed, offers native radio groups, and asks for no email or phone', async () => {
    const user = userEvent.setup()
    const submit = vi.fn()
    render(<Form onSubmit={submit} />)
    await user.type(screen.getByLabelText('The review'), 'Good')
    expect(screen.getByText('4 of 2,000 characters')).toBeInTheDocument()
    const stars = screen.getByRole('group', { name: 'Star rating' })
    expect(within(stars).getAllByRole('radio')).toHaveLength(5)
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }))
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'General business' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Warm' })).toBeChecked()
    expect(screen.queryByLabelText(/email/i)).toBeNull()
    expect(screen.queryByLabelText(/phone/i)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Draft my reply' }))
    expect(submit).toHaveBeenCalledOnce()
  }, 15_000)

  it('ties each error to its field', () => {
    render(<Form errors={{ review: 'Please paste the review', rating: 'Please choose the star rating' }} />)
    expect(screen.getByLabelText('The review')).toHaveAccessibleDescription(expect.stringContaining('Please paste the review'))
    expect(screen.getByLabelText('The review')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('group', { name: 'Star rating' })).toHaveAccessibleDescription('Please choose the star rating')
  })
})

describe('reply draft', () => {
  it('while drafting: the policy above the growing text, and Stop has focus', async () => {
    const stop = vi.fn()
    render(draft({ phase: 'drafting', reply: 'Dear Dan, ', onStop: stop }))
    expect(screen.getByText('A draft for you to review: we never post replies for you.')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Your reply' })).toHaveTextContent('Dear Dan,')
    expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus()
    await userEvent.setup().keyboard('{Enter}')
    expect(stop).toHaveBeenCalledOnce()
  })

  it('waiting for the first words: says so over the empty box, then that the draft is on its way; the words replace it', () => {
    const { rerender } = render(draft({ phase: 'drafting', reply: '', waiting: 'starting' }))
    const box = screen.getByRole('group', { name: 'Your reply' })
    expect(box).toBeEmptyDOMElement()
    expect(screen.getByText('Writing your reply…')).toBeInTheDocument()
    rerender(draft({ phase: 'drafting', reply: '', waiting: 'onItsWay' }))
    expect(screen.getByText('Your draft is on its way: our AI writer is taking a little longer than usual.')).toBeInTheDocument()
    expect(screen.queryByText('Writing your reply…')).toBeNull()
    rerender(draft({ phase: 'drafting', reply: 'Dear Dan, ', waiting: null }))
    expect(box).toHaveTextContent('Dear Dan,')
    expect(screen.queryByText(/on its way|Writing your reply/)).toBeNull()
  })

  it('when done: editable in place with Copy and Regenerate, labelled AI draft', async () => {
    const user = userEvent.setup()
    const edit = vi.fn()
    render(draft({ onEdit: edit }))
    const editor = screen.getByRole('textbox', { name: 'Your reply (you can edit it)' })
    expect(editor).toHaveFocus()
    expect(editor).toHaveValue('Dear Dan, thank you.')
    await user.type(editor, '!')
    expect(edit).toHaveBeenLastCalledWith('Dear Dan, thank you.!')
    expect(screen.getByText('AI draft')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy reply' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled()
    expect(screen.getByText('A draft for you to review: we never post replies for you.')).toBeInTheDocument()
  })

  it('a template says it is one, and why', () => {
    render(draft({ source: 'template', reason: 'capped' }))
    expect(screen.getByText('Template reply')).toBeInTheDocument()
    expect(screen.getByText(/Today's free AI drafts are used up/)).toBeInTheDocument()
    expect(screen.queryByText('AI draft')).toBeNull()
  })

  // Issue 29 point 4: a limited visitor gets the template for their review, and the wait once.
  it('the visitor rate limited: a template, labelled, with when the AI writer is theirs again', () => {
    render(draft({ source: 'template', reason: 'rate-limited', retryAfterSeconds: 1_800 }))
    expect(screen.getByText('Template reply')).toBeInTheDocument()
    expect(
      screen.getByText(
        'You have used your free AI drafts for now, so this reply is built from our reply templates. You can draft with AI again in 30 minutes.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Your reply (you can edit it)' })).toHaveValue('Dear Dan, thank you.')
  })
})
