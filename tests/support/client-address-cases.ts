// One table of cases for the client address rule (public.client_address_key, docs/client-address.md),
// run against PostgreSQL in tests/db and through the functions under Deno in tests/functions.

/** One IPv4 address written eight ways a script would: each is the same client. */
export const ONE_V4_EIGHT_WAYS = [
  '203.0.113.7',
  ' 203.0.113.7 ',
  '203.000.113.007',
  '203.0.113.7:443',
  '::ffff:203.0.113.7',
  '::FFFF:CB00:7107',
  '[::ffff:203.0.113.7]',
  '[::ffff:203.0.113.7]:443',
]

/** One IPv6 address written eight ways. */
export const ONE_V6_EIGHT_WAYS = [
  '2001:db8:1:2::7',
  '2001:DB8:1:2::7',
  '2001:0db8:0001:0002:0000:0000:0000:0007',
  '2001:db8:1:2:0:0:0:7',
  '[2001:db8:1:2::7]',
  '[2001:db8:1:2::7]:443',
  '[2001:0DB8:1:2::7]:8443',
  ' 2001:db8:1:2::7',
]

/** Forty addresses from one home connection's /64. */
export const FORTY_IN_ONE_64 = Array.from({ length: 40 }, (_, i) => `2001:db8:aa:bb:${(i + 1).toString(16)}::${i + 3}`)

/** Values of the trusted header that are not one address: their requests go to the shared bucket. */
export const NOT_AN_ADDRESS = [
  '',
  'unknown',
  '203.0.113.7, 10.0.0.1',
  '203.0.113.0/24',
  '300.1.1.1',
  '1.2.3',
  'evil.example',
  '2001:db8::1%eth0',
  '<script>',
  `${'1'.repeat(70)}`,
]

/** [what, headers as they reach PostgREST or the function, the key]. */
export const CLIENT_ADDRESS_CASES: [string, Record<string, string>, string | null][] = [
  ...ONE_V4_EIGHT_WAYS.map((value): [string, Record<string, string>, string] => [
    `v4 "${value}"`,
    { 'cf-connecting-ip': value },
    '203.0.113.7',
  ]),
  ...ONE_V6_EIGHT_WAYS.map((value): [string, Record<string, string>, string] => [
    `v6 "${value}"`,
    { 'cf-connecting-ip': value },
    '2001:db8:1:2::/64',
  ]),
  ['another address of the same /64', { 'cf-connecting-ip': '2001:db8:1:2:ffff:ffff:ffff:1' }, '2001:db8:1:2::/64'],
  ['the next /64', { 'cf-connecting-ip': '2001:db8:1:3::7' }, '2001:db8:1:3::/64'],
  ['another IPv4 address', { 'cf-connecting-ip': '203.0.113.8' }, '203.0.113.8'],
  [
    'x-forwarded-for and x-real-ip beside the trusted header are ignored',
    { 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1, 10.0.0.1', 'x-real-ip': '198.51.100.2' },
    '203.0.113.7',
  ],
  ['only x-forwarded-for: no trusted address', { 'x-forwarded-for': '198.51.100.1' }, null],
  ['only x-real-ip: no trusted address', { 'x-real-ip': '198.51.100.1' }, null],
  ['no header at all', {}, null],
  ...NOT_AN_ADDRESS.map((value): [string, Record<string, string>, null] => [
    `not an address: "${value}"`,
    { 'cf-connecting-ip': value },
    null,
  ]),
]
