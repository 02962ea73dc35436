import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { recordedRequests } from '@mocks/recorder'
import { LeadCapture } from '@/routes/-components/lead-capture'
import { setUpLeadCaptureTests } from './lead-capture-harness'
import { contact, fillLead, optionTexts, renderAt } from './landing-harness'

setUpLeadCaptureTests()

const addNote = () => screen.getByRole('button', { name: '+ Add note (optional)' })
const noteBox = () => screen.queryByRole('textbox', { name: 'Note (optional)' })

describe('the veterinary lead form', { timeout: 20_000 }, () => {
  it('offers the veterinary location bands and no note until asked', async () => {
    renderAt('/vet', <LeadCapture variant="veterinary" />)
    await screen.findByLabelText('Number of locations')
    expect(optionTexts()).toEqual(['1', '2-5', '6-15', '15+'])
    expect(noteBox()).not.toBeInTheDocument()
    expect(addNote()).toBeInTheDocument()
  })

  it('adds the note with focus in it; Remove note clears and hides it', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/vet', <LeadCapture variant="veterinary" />)
    await user.click(await screen.findByRole('button', { name: '+ Add note (optional)' }))
    expect(noteBox()).toHaveFocus()
    await user.type(noteBox()!, 'Two clinics, one new')
    await user.click(screen.getByRole('button', { name: 'Remove note' }))
    expect(noteBox()).not.toBeInTheDocument()
    expect(addNote()).toHaveFocus()
    await user.click(addNote())
    expect(noteBox()).toHaveValue('')
  })

  it.each([
    ['/vet', 'Veterinary Page'],
    ['/vet1', 'Veterinary Page (Alt)'],
  ])('sends the note with the lead from %s, labelled %s, and hides it again after', async (path, label) => {
    const user = userEvent.setup({ delay: null })
    renderAt(path, <LeadCapture variant="veterinary" />)
    await fillLead(user)
    await user.click(addNote())
    await user.type(noteBox()!, 'We see mostly cats')
    await user.click(screen.getByRole('button', { name: 'Get My Free Consultation' }))
    await screen.findByRole('dialog', { name: 'Congrats!' })
    expect(recordedRequests('leads').map((r) => r.body)).toEqual([
      expect.objectContaining({ lead: { ...contact, note: 'We see mostly cats' }, source: { path, label } }),
    ])
    await waitFor(() => expect(noteBox()).not.toBeInTheDocument())
  })

  it('a removed note is sent empty', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/vet', <LeadCapture variant="veterinary" />)
    await fillLead(user)
    await user.click(addNote())
    await user.type(noteBox()!, 'never mind')
    await user.click(screen.getByRole('button', { name: 'Remove note' }))
    await user.click(screen.getByRole('button', { name: 'Get My Free Consultation' }))
    await screen.findByRole('dialog', { name: 'Congrats!' })
    expect(recordedRequests('leads')[0]?.body).toMatchObject({ lead: { note: '' } })
  })
})
