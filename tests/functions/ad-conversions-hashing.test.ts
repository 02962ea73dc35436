import { describe, expect, it } from 'vitest'
import { googleEmail, googlePhone, metaEmail, metaFbc, metaPhone, sha256Hex } from '../../supabase/functions/_shared/conversions/hashing.ts'

// Known answers from the platforms' own pages.
//
// Google, Data Manager API "Format user data"
// (https://developers.google.com/data-manager/api/get-started/formatting): the page gives the
// normalised strings (cloudy.sanfrancisco+shopping@gmail.com -> cloudysanfrancisco@gmail.com,
// user.name+NYC@Example.com -> user.name+nyc@example.com, (800)555-0100 -> +18005550100) but no
// hash; the expected hashes below were computed with `printf '%s' <normalised> | sha256sum`.
//
// Meta, Conversions API "Customer information parameters"
// (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters):
// the page gives the input, the normalised form and the expected SHA-256 output, quoted as is.

describe('Google: normalise as the Data Manager API documents, then SHA-256 hex', () => {
  it.each([
    [
      'cloudy.sanfrancisco+shopping@gmail.com',
      'cloudysanfrancisco@gmail.com',
      '223ebda6f6889b1494551ba902d9d381daf2f642bae055888e96343d53e9f9c4',
    ],
    ['user.name+NYC@Example.com', 'user.name+nyc@example.com', 'f109a2a632fbcea5fc82049f50beed3d8621bf9034399f437fb622222acccdac'],
  ])('e-mail %s -> %s', async (typed, normalised, hash) => {
    expect(googleEmail(typed)).toBe(normalised)
    expect(await sha256Hex(googleEmail(typed)!)).toBe(hash)
  })

  it('googlemail.com loses its dots and +suffix too; spaces anywhere are removed', () => {
    expect(googleEmail('  Jane.Doe+ads@GoogleMail.com ')).toBe('janedoe@googlemail.com')
    expect(googleEmail('jane .doe@gmail.com')).toBe('janedoe@gmail.com')
    expect(googleEmail('not-an-email')).toBeUndefined()
  })

  it('phone (800)555-0100 in the US -> +18005550100 (E.164 with its +)', async () => {
    expect(googlePhone('(800)555-0100', 'US')).toBe('+18005550100')
    expect(await sha256Hex('+18005550100')).toBe('fb4f73a6ec5fdb7077d564cdd22c3554b43ce49168550c3b12c547b78c517b30')
  })

  it('an Australian national number takes the agency country: 0412 345 678 -> +61412345678', () => {
    expect(googlePhone('0412 345 678')).toBe('+61412345678')
    expect(googlePhone('12345')).toBeUndefined()
  })
})

describe('Meta: normalise as the customer information parameters page documents, with its expected hashes', () => {
  it('em: John_Smith@gmail.com -> john_smith@gmail.com -> 62a14e44…', async () => {
    expect(metaEmail(' John_Smith@gmail.com ')).toBe('john_smith@gmail.com')
    expect(await sha256Hex(metaEmail('John_Smith@gmail.com')!)).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f')
  })

  it('em keeps gmail dots and +suffix (Meta does not strip them, unlike Google)', () => {
    expect(metaEmail('Jane.Doe+ads@gmail.com')).toBe('jane.doe+ads@gmail.com')
  })

  it('ph: US (650)555-1212 -> 16505551212 -> e323ec62…', async () => {
    expect(metaPhone('(650)555-1212', 'US')).toBe('16505551212')
    expect(await sha256Hex(metaPhone('(650)555-1212', 'US')!)).toBe('e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176')
    expect(metaPhone('0412 345 678')).toBe('61412345678')
  })

  it("fbc: fb.1.<click ms>.<fbclid>, the fbclid's case kept (Meta's ClickID example)", () => {
    // https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc/
    const fbclid = 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk'
    expect(metaFbc(fbclid, 1554763694358)).toBe(`fb.1.1554763694358.${fbclid}`)
  })
})
