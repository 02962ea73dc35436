import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { LeadSubmissionSchema } from '@/schemas/lead'
import {
  decodeFormPost,
  encodeFormPost,
  encodeHiddenFields,
  errorReturnPath,
  FORM_ERROR_ID,
  FORM_FIELDS,
  HONEYPOT_NAME,
  isErrorReturn,
  refusedFields,
  type FormPost,
} from '@/schemas/lead-form-post'

const ID = '0b9d8a52-4c1e-4f9e-9a57-3f5d2c1b7e60'

const post: FormPost = {
  lead: {
    locations: '2-10',
    name: 'Jane Citizen',
    phone: '0422 470 721',
    email: 'jane@example.com',
    business: '1 Analytical St, London',
    note: 'Call after 3 & ask for Sam',
  },
  source: { path: '/qrb', label: 'Accountants Page (QRB)', note: 'QRB partner' },
  tracking: { platform: 'google', keyword: 'vet reviews' },
  honeypot: '',
}

describe('the native lead post', () => {
  it('decodes what the page encodes into the submission the script would send (the server gives the id and fill time)', () => {
    const body = new URLSearchParams(encodeFormPost(post).toString())
    const decoded = v.parse(LeadSubmissionSchema, decodeFormPost(body, ID))
    const sent = v.parse(LeadSubmissionSchema, { submissionId: ID, ...post, guard: { honeypot: '', fillMs: 0 } })
    expect(decoded).toEqual(sent)
  })

  it('carries the honeypot under its own name, and a source without a note without one', () => {
    const body = encodeFormPost({ ...post, source: { path: '/', label: 'Homepage' }, honeypot: 'http://spam.test' })
    expect(body.get(HONEYPOT_NAME)).toBe('http://spam.test')
    expect(decodeFormPost(body, 'id')).toMatchObject({ source: { path: '/', label: 'Homepage' }, guard: { honeypot: 'http://spam.test' } })
    expect(decodeFormPost(body, 'id').source).not.toHaveProperty('note')
  })

  it('names every field it sends, and nothing else', () => {
    expect([...new Set(encodeFormPost(post).keys())].sort()).toEqual([...FORM_FIELDS].sort())
    expect(
      Object.keys(encodeHiddenFields(post.source, post.tracking)).every((name) => (FORM_FIELDS as readonly string[]).includes(name)),
    ).toBe(true)
  })

  it('reads back the error flag it writes, landing on the alert, with nothing the visitor typed', () => {
    const back = new URL(`https://site.test${errorReturnPath('/vet')}`)
    expect(back.pathname).toBe('/vet')
    expect(back.hash).toBe(`#${FORM_ERROR_ID}`)
    expect(isErrorReturn(back.search)).toBe(true)
    expect(isErrorReturn('?lead=sent')).toBe(false)
    expect(isErrorReturn('')).toBe(false)
  })

  it('names the refused lead fields on the way back, and reads only lead field names from it', () => {
    const back = new URL(`https://site.test${errorReturnPath('/vet', ['email', 'phone', 'email', 'source.path', '<script>'])}`)
    expect(back.search).toBe('?lead=error&fields=email,phone')
    expect(refusedFields(back.search)).toEqual(['email', 'phone'])
    expect(refusedFields('?lead=error&fields=email,password,note')).toEqual(['email', 'note'])
    expect(refusedFields('?lead=error')).toEqual([])
  })
})
