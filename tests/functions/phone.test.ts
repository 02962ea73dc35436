import { afterEach, describe, expect, it, vi } from 'vitest'
import { phoneText } from '../../supabase/functions/_shared/alerts/links.ts'
import { boardPhone, parsePhone, readablePhone } from '../../supabase/functions/_shared/runtime/phone.ts'
import { leadColumnValues } from '../../supabase/functions/_shared/board/client.ts'
import { submission } from './support'

afterEach(() => vi.unstubAllGlobals())

describe('phones on the board: E.164 with their own country (deviation 9)', () => {
  it.each([
    ['0412 345 678', { phone: '+61412345678', countryShortName: 'AU' }],
    ['+61 412 345 678', { phone: '+61412345678', countryShortName: 'AU' }],
    ['(02) 9374 4000', { phone: '+61293744000', countryShortName: 'AU' }],
    ['+44 20 7946 0958', { phone: '+442079460958', countryShortName: 'GB' }],
    ['+64 21 123 4567', { phone: '+64211234567', countryShortName: 'NZ' }],
  ])('%s is stored as %o', (typed, column) => {
    expect(boardPhone(typed)).toEqual(column)
  })

  it('a national 0 number belongs to the agency country (AGENCY_COUNTRY); what is no valid number is kept as typed', () => {
    vi.stubGlobal('Deno', { env: { get: (name: string) => (name === 'AGENCY_COUNTRY' ? 'nz' : undefined) } })
    expect(boardPhone('021 123 4567')).toEqual({ phone: '+64211234567', countryShortName: 'NZ' })
    vi.unstubAllGlobals()
    expect(boardPhone('12345')).toEqual({ phone: '12345', countryShortName: 'AU' })
  })

  it("a lead's item carries its phone as +61 with AU, never US", () => {
    const { lead, tracking, submissionId } = submission()
    const columns = JSON.parse(
      leadColumnValues({ ...lead, note: '', phone: '0422470721' }, { platform: '', keyword: '', ...tracking }, submissionId),
    ) as Record<string, unknown>
    expect(columns.phone).toEqual({ phone: '+61422470721', countryShortName: 'AU' })
  })
})

describe('phones as people read them', () => {
  it('formatted for their country: national at home, international from abroad', () => {
    expect(readablePhone('0412345678')).toBe('0412 345 678')
    expect(readablePhone('+61293744000')).toBe('(02) 9374 4000')
    expect(readablePhone('+442079460958')).toBe('+44 20 7946 0958')
    expect(readablePhone('not a phone')).toBe('not a phone')
    expect(parsePhone('')).toBeUndefined()
  })

  it('one tap to call: a chat link we build from the digits, the tel: URI in plain text; a typed value that is no number stays inert', () => {
    expect(phoneText('0412345678', 'slack')).toBe('<tel:+61412345678|0412 345 678>')
    expect(phoneText('0412345678', 'plain')).toBe('0412 345 678 (tel:+61412345678)')
    expect(phoneText('<https://evil.example|Call me>', 'slack')).toBe('&lt;hxxps[://]evil[.]example|Call me&gt;')
  })
})
