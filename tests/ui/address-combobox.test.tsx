import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AddressCombobox, type AddressComboboxProps } from '@/ui/lead-form/address-combobox'

const options = [
  { id: 'p1', label: '12 Main Street, Springfield IL, USA' },
  { id: 'p2', label: '120 Main Street, Sydney NSW, Australia' },
  { id: 'p3', label: '1 Main Road, Melbourne VIC, Australia' },
]

function setup(overrides: Partial<AddressComboboxProps> = {}) {
  const callbacks = { onInput: vi.fn(), onNext: vi.fn(), onPrevious: vi.fn(), onChoose: vi.fn(), onClose: vi.fn() }
  const props: AddressComboboxProps = {
    id: 'addr',
    label: 'Business address',
    value: 'main',
    options,
    expanded: true,
    highlightedIndex: -1,
    ...callbacks,
    ...overrides,
  }
  const view = render(<AddressCombobox {...props} />)
  const rerender = (next: Partial<AddressComboboxProps>) => view.rerender(<AddressCombobox {...props} {...next} />)
  return { ...callbacks, rerender, input: screen.getByRole('combobox', { name: 'Business address' }) }
}

// jsdom has no layout and no scrollIntoView; the list scrolls the highlighted option into view.
const scrollIntoView = vi.fn()
beforeAll(() => {
  Element.prototype.scrollIntoView = scrollIntoView
})
afterAll(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

describe('AddressCombobox', () => {
  it('is a labelled combobox controlling its listbox', () => {
    const { input } = setup()
    const listbox = screen.getByRole('listbox', { name: 'Business address suggestions' })
    expect(input).toHaveAttribute('aria-controls', listbox.id)
    expect(input).toHaveAttribute('aria-autocomplete', 'list')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toBeRequired()
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(options.map((o) => o.label))
    expect(screen.getByText('3 address suggestions available. Use the arrow keys to choose.')).toBeInTheDocument()
  })

  it('says quietly that it is searching, in a polite status and inside the field, until the suggestions arrive', () => {
    const { input, rerender } = setup({ expanded: false, options: [], searching: true })
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Searching…')
    expect(status).toHaveAttribute('aria-live', 'polite')
    // Shown in the input's own box, so nothing under the field moves (issue 29 point 15).
    expect(input.parentElement).toHaveTextContent('Searching…')
    rerender({ expanded: true, options, searching: false })
    expect(screen.getByRole('status')).toHaveTextContent('3 address suggestions available.')
    expect(input.parentElement).not.toHaveTextContent('Searching…')
  })

  it('is collapsed with a hidden list when not expanded or when there are no options', () => {
    const { input, rerender } = setup({ expanded: false })
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    rerender({ expanded: true, options: [] })
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('points aria-activedescendant at the highlighted option', () => {
    const { input, rerender } = setup()
    expect(input).not.toHaveAttribute('aria-activedescendant')
    rerender({ highlightedIndex: 0 })
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id)
    rerender({ highlightedIndex: 2 })
    const third = screen.getAllByRole('option')[2]!
    expect(input).toHaveAttribute('aria-activedescendant', third.id)
    expect(third).toHaveAttribute('aria-selected', 'true')
    expect(screen.getAllByRole('option', { selected: true })).toEqual([third])
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(third)
    rerender({ highlightedIndex: 2, expanded: false })
    expect(input).not.toHaveAttribute('aria-activedescendant')
  })

  it('ArrowDown, ArrowUp and Escape call onNext, onPrevious and onClose', async () => {
    const user = userEvent.setup()
    const { input, onNext, onPrevious, onClose, onChoose } = setup()
    input.focus()
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(onNext).toHaveBeenCalledTimes(2)
    expect(onPrevious).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(onChoose).not.toHaveBeenCalled()
  })

  it('Enter chooses the highlighted option', async () => {
    const user = userEvent.setup()
    const { input, onChoose } = setup({ highlightedIndex: 1 })
    input.focus()
    await user.keyboard('{Enter}')
    expect(onChoose).toHaveBeenCalledTimes(1)
    expect(onChoose).toHaveBeenCalledWith()
  })

  it('Enter with nothing highlighted does not call onChoose', async () => {
    const user = userEvent.setup()
    const { input, onChoose } = setup({ highlightedIndex: -1 })
    input.focus()
    await user.keyboard('{Enter}')
    expect(onChoose).not.toHaveBeenCalled()
  })

  it('ignores the arrows and Enter while collapsed', async () => {
    const user = userEvent.setup()
    const { input, onNext, onPrevious, onChoose } = setup({ expanded: false, highlightedIndex: 0 })
    input.focus()
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}')
    expect({ next: onNext.mock.calls, previous: onPrevious.mock.calls, choose: onChoose.mock.calls }).toEqual({
      next: [],
      previous: [],
      choose: [],
    })
  })

  it('Escape while collapsed still calls onClose (cancels a pending search) but leaves the key alone', () => {
    const { input, onClose } = setup({ expanded: false })
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    fireEvent(input, escape)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(escape.defaultPrevented).toBe(false)
  })

  it('Escape while open is consumed by the combobox', () => {
    const { input, onClose } = setup()
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    fireEvent(input, escape)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(escape.defaultPrevented).toBe(true)
  })

  it('clicking an option calls onChoose(index) and keeps focus in the input', async () => {
    const user = userEvent.setup()
    const { input, onChoose, onClose } = setup()
    await user.click(input)
    await user.click(screen.getByRole('option', { name: options[2]!.label }))
    expect(onChoose).toHaveBeenCalledWith(2)
    expect(input).toHaveFocus()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('reports typing through onInput and closes on blur', async () => {
    const user = userEvent.setup()
    const { input, onInput, onClose } = setup({ value: '' })
    await user.type(input, 'm')
    expect(onInput).toHaveBeenCalledWith('m')
    await user.tab()
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
