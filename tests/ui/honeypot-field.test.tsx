import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { GENERAL_LOCATIONS } from '@/schemas/lead'
import { LeadForm, type LeadFormValues } from '@/ui/lead-form/lead-form'

const valid: LeadFormValues & { business: string } = {
  locations: '1',
  name: 'Jane',
  phone: '0422470721',
  email: 'jane@example.com',
  business: '1 Main St',
  note: '',
}

function renderForm() {
  const onSubmit = vi.fn()
  const view = render(
    <LeadForm
      values={valid}
      action="/functions/v1/leads"
      hiddenFields={{}}
      locationOptions={GENERAL_LOCATIONS}
      submitting={false}
      schemaValidates
      fieldErrors={{}}
      formError={null}
      onFieldChange={() => {}}
      onSubmit={onSubmit}
      addressField={({ inputId }) => <input id={inputId} aria-label="Business address" defaultValue={valid.business} />}
    />,
  )
  const honeypot = view.container.querySelector<HTMLInputElement>('input[name="website"]')!
  return { onSubmit, honeypot }
}

describe('the honeypot field', () => {
  it('is hidden from people and assistive technology, out of the tab order and never autofilled', async () => {
    const { honeypot } = renderForm()
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).not.toBeInTheDocument()
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(honeypot).toHaveAttribute('tabindex', '-1')
    expect(honeypot).toHaveAttribute('autocomplete', 'off')

    const user = userEvent.setup({ delay: null })
    for (let i = 0; i < 8; i++) await user.tab()
    expect(document.activeElement).not.toBe(honeypot)
  })

  it('hands what it holds to onSubmit: empty for a person, the filled value for a script', () => {
    const { onSubmit, honeypot } = renderForm()
    const form = honeypot.closest('form')!
    fireEvent.submit(form)
    honeypot.value = 'http://spam.test'
    fireEvent.submit(form)
    expect(onSubmit.mock.calls).toEqual([[{ honeypot: '' }], [{ honeypot: 'http://spam.test' }]])
  })
})
