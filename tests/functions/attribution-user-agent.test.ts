import { afterEach, describe, expect, it } from 'vitest'
import { encodeFormPost } from '@/schemas/lead-form-post'
import { leadSource } from '@/content/lead-sources'
import { USER_AGENT_MAX_LENGTH } from '../../supabase/functions/_shared/conversions/user-agent.ts'
import { funnelStack, UA, visit } from './funnel-stack'
import { submission } from './support'

// Issue 44, what was left: Meta's website event needs the visitor's browser, which only the server
// sees (the request's User-Agent). `leads` (both posts) and `enterprise-register` keep it with the
// attribution when it holds a click, and the lead is inserted with its attribution in one statement.
const stack = funnelStack(['leads', 'enterprise-register'])
const stored = async (submissionId: string) =>
  (
    await stack.pg.sql<{ attribution: Record<string, unknown> | null }[]>`
    select attribution from leads where submission_id = ${submissionId}`
  )[0]?.attribution

afterEach(async () => {
  await stack.pg.sql`drop trigger if exists lead_insert_seen on leads`
})

describe('the visitor’s browser with the click (leads, enterprise-register under Deno)', () => {
  it('the JSON post keeps the User-Agent with a click, cut to 512 characters, never one the page wrote', async () => {
    const lead = await stack.postLead({ clickIds: { fbclid: 'IwAR-ua' } })
    expect(await stored(lead.submissionId)).toMatchObject({ clickIds: { fbclid: 'IwAR-ua' }, userAgent: UA })

    const long = `Mozilla/5.0 ${'x'.repeat(2_000)}`
    const cut = await stack.postLead({ clickIds: { gclid: 'long' }, userAgent: long })
    expect((await stored(cut.submissionId))?.userAgent).toBe(long.slice(0, USER_AGENT_MAX_LENGTH))

    // A page's own `userAgent` in the attribution is dropped by the schema: only the server's header counts.
    const submissionId = crypto.randomUUID()
    const forged = { ...visit({ gclid: 'forged' }), userAgent: 'Forged/1.0' }
    const res = await fetch(stack.fns.leads!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...stack.headers(UA) },
      body: JSON.stringify({ ...submission({ submissionId }), attribution: forged }),
    })
    expect(res.status).toBe(200)
    expect((await stored(submissionId))?.userAgent).toBe(UA)
  })

  it('without a click id (or without ad consent) no User-Agent is kept', async () => {
    const none = await stack.postLead({ clickIds: {} })
    expect(await stored(none.submissionId)).not.toHaveProperty('userAgent')
  })

  it('the native form post keeps it too', async () => {
    const form = encodeFormPost({
      lead: { locations: '2-10', name: 'Jane Citizen', phone: '0422470721', email: 'jane@example.com', business: '1 St', note: '' },
      source: leadSource('/vet'),
      tracking: { platform: 'google', keyword: 'vet reviews' },
    })
    form.set('attribution', JSON.stringify(visit({ gclid: 'native-g' })))
    const res = await fetch(stack.fns.leads!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...stack.headers(UA) },
      body: form.toString(),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const [row] = await stack.pg.sql<{ attribution: Record<string, unknown> }[]>`
      select attribution from leads where attribution -> 'clickIds' ->> 'gclid' = 'native-g'`
    expect(row!.attribution.userAgent).toBe(UA)
  })

  it('a registration with a click keeps it; one without does not', async () => {
    const clicked = await stack.register({ email: 'one@example.com', clickIds: { fbclid: 'IwAR-reg' } })
    const plain = await stack.register({ email: 'two@example.com' })
    const rows = await stack.pg.sql<{ id: string; attribution: Record<string, unknown> }[]>`
      select id, attribution from enterprise_registrations`
    expect(rows.find((row) => row.id === clicked)!.attribution.userAgent).toBe(UA)
    expect(rows.find((row) => row.id === plain)!.attribution).not.toHaveProperty('userAgent')
  })

  it('the lead is inserted with its attribution: no moment when a run could claim it without one', async () => {
    // Sees every insert as it happens (the old code inserted, then wrote the attribution in a second statement).
    await stack.pg.sql`create table if not exists public.lead_inserts_seen (submission_id uuid, attribution jsonb)`
    await stack.pg.sql`
      create or replace function public.note_lead_insert() returns trigger language plpgsql security definer as $$
      begin insert into public.lead_inserts_seen values (new.submission_id, new.attribution); return null; end $$`
    await stack.pg.sql`create trigger lead_insert_seen after insert on leads for each row execute function public.note_lead_insert()`
    const lead = await stack.postLead({ clickIds: { gclid: 'at-once' } })
    const [seen] = await stack.pg.sql<{ attribution: Record<string, unknown> | null }[]>`
      select attribution from lead_inserts_seen where submission_id = ${lead.submissionId}`
    expect(seen!.attribution).toMatchObject({ clickIds: { gclid: 'at-once' }, userAgent: UA })
  })

  it('the 90-day erasure takes the User-Agent with the attribution', async () => {
    const lead = await stack.postLead({ clickIds: { gclid: 'erase-me' } })
    await stack.pg.sql`update leads set status = 'delivered', delivered_at = now() - interval '91 days'`
    await stack.pg.sql`select * from purge_lead_personal_data()`
    expect(await stored(lead.submissionId)).toBeNull()
    expect(JSON.stringify(await stack.pg.sql`select * from leads`)).not.toContain(UA)
  })
})
