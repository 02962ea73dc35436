import { expect, test } from '@playwright/test'
import { startNativeStack, type NativeStack } from '../support/native-stack'

// Decision 008: the home form with JavaScript disabled, against the real stack (the built site, the
// `leads` function under Deno, PostgreSQL, a fake board): the browser's own post lands on /thanks,
// the board gets the lead once, and no URL ever carries what was typed.
test.use({ javaScriptEnabled: false })
test.describe.configure({ mode: 'serial' })

// The phone as autofill writes it: no browser pattern stops it, and the board gets digits.
const typed = { name: 'Jane Citizen', phone: '+61 422 470 721', email: 'jane.native@example.com', business: '12 Harbour St, Sydney' }
const forms = (value: string) => [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]

let stack: NativeStack

test.beforeAll(async () => {
  test.setTimeout(180_000)
  stack = await startNativeStack(process.env.E2E_DIST ?? 'dist-mock')
})
test.afterAll(async () => {
  await stack?.stop()
})

test('without JavaScript the home form posts to the leads function, lands on /thanks, and the board gets one Homepage item', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const visited: string[] = []
  page.on('request', (request) => visited.push(request.url()))
  page.on('framenavigated', (frame) => visited.push(frame.url()))

  await page.goto(`${stack.origin}/`)
  const form = page.locator('form:has([name="business"])').first()
  await expect(form).toHaveAttribute('method', 'post')
  await expect(form).toHaveAttribute('action', '/functions/v1/leads')

  await form.locator('select[name="locations"]').selectOption('2-10')
  for (const [name, value] of Object.entries(typed)) await form.locator(`[name="${name}"]`).fill(value)
  await Promise.all([page.waitForURL(`${stack.origin}/thanks`), form.locator('button[type="submit"]').click()])

  await expect(page).toHaveTitle(/Thank You/)
  await expect(page.getByRole('link', { name: 'Schedule Your Call' })).toHaveAttribute('href', /^\/schedule(\?|$)/)
  const calls = (operation: string) => stack.board.requests.filter((request) => request.operation === operation)
  // The function answers once the lead is recorded and delivers right after the answer (decision 018).
  const statuses = async () => (await stack.pg.sql<{ status: string }[]>`select status from leads`).map((row) => row.status)
  await expect.poll(statuses, { timeout: 15_000 }).toEqual(['delivered'])
  await expect.poll(() => calls('create_update').length, { timeout: 15_000 }).toBe(1)
  expect(calls('create_item')).toHaveLength(1)
  expect(JSON.parse(String(calls('create_item')[0]!.variables.columnValues))).toMatchObject({
    phone: { phone: '+61422470721', countryShortName: 'AU' },
  })
  expect(stack.board.items.size).toBe(1)
  // The source page travels in the item's update note ('Page: Homepage').
  expect(calls('create_update')).toHaveLength(1)
  expect(JSON.stringify(calls('create_update')[0]!.variables)).toContain('Homepage')

  for (const url of visited) for (const value of Object.values(typed).flatMap(forms)) expect(url, url).not.toContain(value)
})
