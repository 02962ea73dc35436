import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// Issue 36.5: both load benches, tiny, with every fault on (refusals, and calls taken then left
// unanswered on every channel). Their report names each channel with lost and duplicated (chat:
// resends, each traced to a lost answer), and nothing accepted is lost.
const root = new URL('../../', import.meta.url).pathname
const CHANNEL = /^(.+?): (\d+) expected, (\d+) delivered, (\d+) lost, (?:(\d+) duplicated|(\d+) resends?)(.*)$/

function bench(script: string, args: string[]) {
  const run = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 240_000 })
  const lines = run.stdout.split('\n')
  const channels = lines.flatMap((line) => {
    const match = CHANNEL.exec(line)
    if (!match) return []
    const [, name, expected, delivered, lost, duplicated, resends, rest] = match
    return [{ name, expected: Number(expected), delivered: Number(delivered), lost: Number(lost), duplicated, resends, rest, line }]
  })
  return { run, lines, channels }
}

describe('the load benches, tiny, with every fault', { timeout: 300_000 }, () => {
  it('bench:registrations confirms each registrant, reports each channel, Stripe call kind by kind, and loses nothing', () => {
    const { run, lines, channels } = bench('scripts/bench-registrations.mjs', [
      '--count',
      '6',
      '--concurrency',
      '3',
      '--runners',
      '2',
      '--unanswered-share',
      '0.3',
    ])
    expect(run.stderr).not.toMatch(/Error/)
    expect(lines.some((line) => /^taken, then unanswered \(30% of calls\): board .*; chat and e-mail .*; Stripe /.test(line))).toBe(true)
    // The registrant gets only the request to confirm until they confirm; then every registration is done.
    expect(lines).toContain('before confirming: 0 welcome e-mails, 0 Stripe calls; confirmed confirmed:6')
    expect(lines).toContainEqual(expect.stringMatching(/^registrations done:6, over the daily cap 0$/))
    expect(channels.map((c) => c.name)).toEqual([
      'registrations recorded',
      'board items',
      'board notes',
      "board notes: 'E-mail confirmed'",
      'chat: sales alerts (webhook)',
      'e-mail: sales alerts',
      'e-mail: requests to confirm',
      'e-mail: welcome',
      'Stripe customers',
      'Stripe invoices',
      'Stripe invoice lines',
      'Stripe invoices sent',
    ])
    for (const channel of channels) {
      expect(channel, channel.line).toMatchObject({ expected: 6, delivered: 6, lost: 0 })
      expect(channel.rest, channel.line).toMatch(/\(\d+ answers? lost\)$/)
    }
    const chat = channels.find((c) => c.name?.startsWith('chat'))!
    expect(chat.resends, chat.line).toBeDefined()
    // Every chat resend is traced to a lost answer, or counted as duplicated with its ids.
    if (Number(chat.resends) > 0)
      expect(chat.rest).toMatch(/^, (each after a lost answer|\d+ of them after no lost answer \(duplicated\)): ids /)
  })

  it('bench:leads reports the board items and notes and loses none', () => {
    const { run, lines, channels } = bench('scripts/bench-leads.mjs', [
      '--count',
      '10',
      '--concurrency',
      '5',
      '--run',
      'faults',
      '--unanswered-share',
      '0.3',
    ])
    expect(run.stderr).not.toMatch(/Error/)
    expect(lines.some((line) => line.startsWith('taken, then unanswered (30% of board calls'))).toBe(true)
    expect(channels.map((c) => c.name)).toEqual(['board items', 'board notes'])
    for (const channel of channels) expect(channel, channel.line).toMatchObject({ expected: 10, delivered: 10, lost: 0 })
  })
})
