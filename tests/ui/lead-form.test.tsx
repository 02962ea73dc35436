import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { leadFailureCopy } from '@/content/lead-failure'
import { EMAIL_INPUT_PATTERN, GENERAL_LOCATIONS, VET_LOCATIONS } from '@/schemas/lead'
import { PHONE_INPUT_PATTERN, PHONE_INVALID } from '@/schemas/lead-phone'
import { LeadForm, type LeadFormProps, type LeadFormValues } from '@/ui/lead-form/lead-form'
import { AddressCombobox } from '@/ui/lead-form/address-combobox'

/** The form's values, with the address its combobox shows (the page's address search holds it). */
type Values = LeadFormValues & { business: string }
const empty: Values = { locations: '', name: '', phone: '', email: '', business: '', note: '' }

function renderForm({ values = empty, ...props }: Partial<Omit<LeadFormProps, 'values'>> & { values?: Values } = {}) {
  const onFieldChange = vi.fn()
  const onSubmit = vi.fn()
  const all: LeadFormProps = {
    values,
    action: '/functions/v1/leads',
    hiddenFields: { source_path: '/', source_label: 'Homepage' },
    locationOptions: GENERAL_LOCATIONS,
    submitting: false,
    schemaValidates: true,
    fieldErrors: {},
    formError: null,
    onFieldChange,
    onSubmit,
    addressField: ({ inputId, errorId }) => (
      <AddressCombobox
        id={inputId}
        label="Business address"
        value={values.business}
        options={[]}
        expanded={false}
        highlightedIndex={-1}
        invalid={Boolean(props.fieldErrors?.business)}
        describedBy={props.fieldErrors?.business ? errorId : undefined}
        onInput={(value) => onFieldChange('business', value)}
        onNext={() => {}}
        onPrevious={() => {}}
        onChoose={() => {}}
        onClose={() => {}}
      />
    ),
    ...props,
  }
  const view = render(<LeadForm {...all} />)
  const update = (next: Partial<LeadFormProps>) => view.rerender(<LeadForm {...all} {...next} />)
  return { ...view, update, onFieldChange, onSubmit }
}

const valid: Values = {
  locations: '1',
  name: 'Jane',
  phone: '0422470721',
  email: 'jane@example.com',
  business: '1 Main Road',
  note: '',
}

/** Disabled natively or for assistive technology (aria-disabled keeps the button focusable). */
function expectDisabled(button: HTMLElement) {
  expect((button as HTMLButtonElement).disabled || button.getAttribute('aria-disabled') === 'true').toBe(true)
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled)
    .map((option) => option.textContent)

describe('LeadForm', () => {
  it('labels every input', () => {
    renderForm()
    expect(screen.getByLabelText('Number of locations')).toBeInstanceOf(HTMLSelectElement)
    expect(screen.getByLabelText('Full name')).toHaveAttribute('type', 'text')
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Business address')).toHaveAttribute('role', 'combobox')
  })

  it('requires every field and lets the phone hold what people type (no browser pattern stops them)', () => {
    renderForm()
    for (const label of ['Number of locations', 'Full name', 'Phone', 'Email', 'Business address']) {
      expect(screen.getByLabelText(label)).toBeRequired()
    }
    const phone = screen.getByLabelText('Phone')
    expect(phone).toHaveAttribute('placeholder', 'Phone ex. 0422470721')
    expect(phone).toHaveAttribute('type', 'tel')
    const pattern = new RegExp(`^(?:${phone.getAttribute('pattern')})$`, 'v')
    for (const typed of ['0422470721', '0422 470 721', '+61 422 470 721', '(04) 2247 0721', '0422-470.721'])
      expect(pattern.test(typed)).toBe(true)
    expect(pattern.test('call me')).toBe(false)
    expect(Number(phone.getAttribute('maxlength'))).toBeGreaterThanOrEqual('+61 (0) 422 470 721'.length)
  })

  it('lets the browser block a phone with letters and an email without @', async () => {
    renderForm({ values: { ...valid, phone: '04a2', email: 'jane' } })
    expect(screen.getByLabelText('Phone')).toBeInvalid()
    expect(screen.getByLabelText('Email')).toBeInvalid()
    expect(screen.getByLabelText('Full name')).toBeValid()
  })

  it('offers the general location bands 1, 2-10, 11-50, 50+ after a disabled prompt', () => {
    renderForm()
    const select = screen.getByLabelText('Number of locations')
    expect(optionLabels(select)).toEqual(['1', '2-10', '11-50', '50+'])
    expect(within(select).getByRole('option', { name: 'Select how many' })).toBeDisabled()
    expect(select).toHaveValue('')
  })

  it('offers the veterinary location bands 1, 2-5, 6-15, 15+', () => {
    renderForm({ locationOptions: VET_LOCATIONS })
    expect(optionLabels(screen.getByLabelText('Number of locations'))).toEqual(['1', '2-5', '6-15', '15+'])
  })

  it('reports each change as (field, value)', async () => {
    const user = userEvent.setup()
    const { onFieldChange } = renderForm()
    await user.selectOptions(screen.getByLabelText('Number of locations'), '11-50')
    await user.type(screen.getByLabelText('Full name'), 'J')
    await user.type(screen.getByLabelText('Phone'), '0')
    await user.type(screen.getByLabelText('Email'), 'j')
    await user.type(screen.getByLabelText('Business address'), '1')
    expect(onFieldChange.mock.calls).toEqual([
      ['locations', '11-50'],
      ['name', 'J'],
      ['phone', '0'],
      ['email', 'j'],
      ['business', '1'],
    ])
  })

  it('calls onSubmit once the form is valid, without reloading the page', async () => {
    const user = userEvent.setup()
    const { onSubmit } = renderForm({ values: valid })
    await user.click(screen.getByRole('button', { name: 'Get My Free Consultation' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('shows Submitting..., marks the button disabled and ignores clicks while submitting', async () => {
    const user = userEvent.setup()
    const { onSubmit } = renderForm({ values: valid, submitting: true })
    const button = screen.getByRole('button', { name: 'Submitting...' })
    expectDisabled(button)
    expect(button.closest('form')).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('button', { name: 'Get My Free Consultation' })).not.toBeInTheDocument()
    await user.click(button)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('uses the given submit and busy labels', () => {
    const { rerender } = renderForm({ submitLabel: 'Book My Call', busyLabel: 'Processing...' })
    const idle = screen.getByRole('button', { name: 'Book My Call' })
    expect(idle).toBeEnabled()
    expect(idle).not.toHaveAttribute('aria-disabled', 'true')
    rerender(
      <LeadForm
        values={empty}
        action="/functions/v1/leads"
        hiddenFields={{}}
        locationOptions={GENERAL_LOCATIONS}
        submitting
        busyLabel="Processing..."
        schemaValidates
        fieldErrors={{}}
        formError={null}
        addressField={() => null}
        onFieldChange={() => {}}
        onSubmit={() => {}}
      />,
    )
    expectDisabled(screen.getByRole('button', { name: 'Processing...' }))
  })

  it('shows a form error in an alert, with the sales phone as a way forward', () => {
    renderForm({ formError: leadFailureCopy('submit-failed') })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(
      'An error occurred. Please try again.If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    )
    expect(within(alert).getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
  })

  // Issue 29 point 7: the second sentence agrees with the first, and a wait appears once.
  it.each([
    [
      'submit-failed',
      null,
      'An error occurred. Please try again.',
      'If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    ],
    [
      'submit-failed',
      600,
      'An error occurred. Please try again.',
      'If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example, or try again in 10 minutes.',
    ],
    [
      'rate-limited',
      null,
      'Too many submissions from your connection. Please wait a few minutes and try again.',
      'If you would rather not wait, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    ],
    [
      'rate-limited',
      600,
      'Too many submissions from your connection. Please wait 10 minutes and try again.',
      'If you would rather not wait, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    ],
    [
      'rate-limited',
      7_200,
      'Too many submissions from your connection. Please wait about 2 hours and try again.',
      'If you would rather not wait, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    ],
  ] as const)('%s with a wait of %s s: %s %s', (kind, seconds, first, second) => {
    renderForm({ formError: leadFailureCopy(kind, seconds) })
    const [message, callUs] = within(screen.getByRole('alert')).getAllByRole('paragraph')
    expect(message).toHaveTextContent(first)
    expect(callUs).toHaveTextContent(second)
    expect(screen.getByRole('alert').textContent!.match(/\d+ minutes|a few minutes|hours?\b/g) ?? []).toHaveLength(
      seconds || kind === 'rate-limited' ? 1 : 0,
    )
  })

  it.each([
    ['Phone', 'phone', PHONE_INVALID],
    ['Email', 'email', 'Please enter a valid email'],
    ['Full name', 'name', 'Please enter your name'],
    ['Number of locations', 'locations', 'Please choose the number of locations'],
  ] as const)('shows the %s error in an alert that describes its input', (label, name, message) => {
    renderForm({ fieldErrors: { [name]: message } })
    expect(screen.getByRole('alert')).toHaveTextContent(message)
    const input = screen.getByLabelText(label)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(message)
  })

  it('leaves the checks to the schema once hydrated, and to the same rules as input constraints before', () => {
    const { update } = renderForm({ schemaValidates: false })
    const form = screen.getByRole('button', { name: 'Get My Free Consultation' }).closest('form')!
    expect(form.noValidate).toBe(false)
    expect(screen.getByLabelText('Email')).toHaveAttribute('pattern', EMAIL_INPUT_PATTERN)
    expect(screen.getByLabelText('Email')).toHaveAttribute('title', 'Please enter a valid email')
    expect(screen.getByLabelText('Phone')).toHaveAttribute('pattern', PHONE_INPUT_PATTERN)
    update({ schemaValidates: true })
    expect(form.noValidate).toBe(true)
  })

  it('shows the address error in an alert that describes the address input', () => {
    renderForm({ fieldErrors: { business: 'Please enter your business address' } })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Please enter your business address')
    const address = screen.getByLabelText('Business address')
    expect(address).toHaveAttribute('aria-invalid', 'true')
    expect(address).toHaveAccessibleDescription('Please enter your business address')
  })

  it('shows no alert without errors', () => {
    renderForm()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('LeadForm without the script', () => {
  it('posts natively to its action with the hidden source fields', () => {
    const { container } = renderForm({ hiddenFields: { source_path: '/vet', source_label: 'Veterinary', platform: '' } })
    const form = container.querySelector('form')!
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', '/functions/v1/leads')
    const hidden = Object.fromEntries([...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]))
    expect(hidden).toEqual({ source_path: '/vet', source_label: 'Veterinary', platform: '' })
  })

  it('holds the native error as an alert that only its fragment reveals', () => {
    const { container } = renderForm({ nativeError: leadFailureCopy('submit-failed') })
    const alert = container.querySelector('#lead-error')!
    expect(alert).toHaveClass('lead-native-error')
    expect(alert).toHaveTextContent('An error occurred. Please try again.')
  })
})
