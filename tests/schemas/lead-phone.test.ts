import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { isAcceptablePhone, normalisePhone, PHONE_INPUT_PATTERN, PHONE_INVALID } from '@/schemas/lead-phone'
import { LeadSchema } from '@/schemas/lead'

const lead = (phone: string) => ({ locations: '1', name: 'Sam', phone, email: 'sam@example.com', business: '1 King St' })

describe('lead phone: as people type it', () => {
  it.each([
    ['0422470721', '0422470721'],
    ['0422 470 721', '0422470721'],
    ['+61 422 470 721', '+61422470721'],
    ['(04) 2247 0721', '0422470721'],
    ['0422-470-721', '0422470721'],
    ['0422.470.721', '0422470721'],
    ['+61 (0)422 470 721', '+61422470721'],
    ['+1 (512) 555-0134', '+15125550134'],
    ['  02 9555 0199 ', '0295550199'],
    ['123456', '123456'],
    ['+123456789012345', '+123456789012345'],
  ])('takes %j as %j', (typed, normalised) => {
    expect(isAcceptablePhone(typed)).toBe(true)
    expect(normalisePhone(typed)).toBe(normalised)
    expect(v.parse(LeadSchema, lead(typed)).phone).toBe(normalised)
  })

  it.each([
    ['fewer than 6 digits', '12345'],
    ['fewer than 6 digits once separators go', '(04) 2-2'],
    ['more than 15 digits', '+61 4224 7072 1999 99'],
    ['letters', '04224x0721'],
    ['a plus inside the number', '04+22470721'],
    ['only separators', '() - .'],
  ])('refuses %s (%j) with the field message', (_case, typed) => {
    expect(isAcceptablePhone(typed)).toBe(false)
    const result = v.safeParse(LeadSchema, lead(typed))
    expect(result.success).toBe(false)
    expect(result.issues?.map((issue) => issue.message)).toContain(PHONE_INVALID)
  })

  it('has the browser refuse exactly what the schema refuses, so nothing it lets through comes back refused', () => {
    // Browsers compile `pattern` with the v flag, anchored.
    const pattern = new RegExp(`^(?:${PHONE_INPUT_PATTERN})$`, 'v')
    for (const typed of ['+61 422 470 721', '0422 470 721', '(04) 2247 0721', '0422-470.721', '123456', '+61 (0)422 470 721'])
      expect(pattern.test(typed)).toBe(true)
    for (const typed of ['call me', '12345', '(04) 2-2', '+61 4224 7072 1999 99', '04+22470721']) expect(pattern.test(typed)).toBe(false)
  })
})
