import { readFileSync } from 'node:fs'
import {
  buildSchema,
  getVariableValues,
  isEqualType,
  isNonNullType,
  Kind,
  parse,
  typeFromAST,
  validate,
  visit,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import {
  CHANGE_COLUMNS,
  CREATE_ITEM,
  CREATE_UPDATE,
  FIND_ITEM,
  ITEM_UPDATES,
  LEAD_COLUMNS,
} from '../../supabase/functions/_shared/board/client.ts'
import type { BoardClient } from '../../supabase/functions/_shared/board/client.ts'
import { createUpdateOnce } from '../../supabase/functions/_shared/board/update-once.ts'
import { boardFrom } from '../../supabase/functions/_shared/board/board.ts'
import { workBooking } from '../../supabase/functions/_shared/bookings/booking-worker.ts'
import type { Claimed } from '../../supabase/functions/_shared/outbox/outbox.ts'
import type { BookingItem, BookingStore } from '../../supabase/functions/_shared/bookings/booking-store.ts'
import { BOOKING_COLUMNS, CALL_STATUS } from '../../supabase/functions/_shared/bookings/booking-item.ts'
import { ITEM_PLACE, MOVE_ITEM, RENAME_ITEM, USER_NAME } from '../../supabase/functions/_shared/board/review-item.ts'
import { workDecision } from '../../supabase/functions/_shared/board/decision-worker.ts'
import type { DecisionItem, DecisionStore } from '../../supabase/functions/_shared/board/decision-store.ts'
import { BOARD_URL, fakeBoard, leadsHandler, postLead, recordingLogger, submission, TOKEN } from './support'

// The board's published schema, kept in the repository (tests/contracts/README.md says where it comes from).
const schema = buildSchema(readFileSync(new URL('../contracts/monday.schema.graphql', import.meta.url), 'utf8'))

const mutations = {
  create_item: CREATE_ITEM,
  create_update: CREATE_UPDATE,
  change_columns: CHANGE_COLUMNS,
  move_item: MOVE_ITEM,
  rename_item: RENAME_ITEM,
}
// validate() also checks variables nested in the lookup's input objects (VariablesInAllowedPosition).
const documents = { ...mutations, find_item: FIND_ITEM, item_updates: ITEM_UPDATES, item_place: ITEM_PLACE, user_name: USER_NAME }

function operationOf(source: string): OperationDefinitionNode {
  const operation = parse(source).definitions.find((node) => node.kind === Kind.OPERATION_DEFINITION)
  if (!operation) throw new Error('no operation in document')
  return operation
}

/** Every variable, the type it declares and the type of the argument it is passed to. */
function variableUses(source: string) {
  const operation = operationOf(source)
  const declared = new Map(operation.variableDefinitions?.map((def) => [def.variable.name.value, def.type]) ?? [])
  const mutation = schema.getMutationType()
  const uses: { variable: string; declared: GraphQLInputType | undefined; argument: GraphQLInputType | undefined }[] = []
  visit(operation, {
    Field(field) {
      const definition = mutation?.getFields()[field.name.value]
      for (const arg of field.arguments ?? []) {
        if (arg.value.kind !== Kind.VARIABLE) continue
        const typeNode = declared.get(arg.value.name.value)
        uses.push({
          variable: arg.value.name.value,
          declared: typeNode && (typeFromAST(schema, typeNode) as GraphQLInputType | undefined),
          argument: definition?.args.find((candidate) => candidate.name === arg.name.value)?.type,
        })
      }
    },
  })
  return { declared: [...declared.keys()], uses }
}

describe('board GraphQL documents against the published contract', () => {
  it.each(Object.entries(documents))('%s validates', (_name, source) => {
    expect(validate(schema, parse(source))).toEqual([])
  })

  it.each(Object.entries(mutations))('%s declares each variable as its argument type (or its non-null form)', (_name, source) => {
    const { declared, uses } = variableUses(source)
    expect(uses.map((use) => use.variable).sort()).toEqual([...declared].sort())
    for (const { variable, declared: type, argument } of uses) {
      expect(argument, `argument for $${variable}`).toBeDefined()
      expect(type, `declared type of $${variable}`).toBeDefined()
      const matches =
        isEqualType(type!, argument!) || (isNonNullType(type) && !isNonNullType(argument) && isEqualType(type.ofType, argument!))
      expect(matches, `$${variable}: ${String(type)} vs argument ${String(argument)}`).toBe(true)
    }
  })

  it("the note look-up's variables, as createUpdateOnce sends them, coerce to the declared types", async () => {
    const sent: Record<string, unknown>[] = []
    const client = {
      itemUpdates: async (variables: Record<string, unknown>) => (sent.push(variables), { ok: true as const, updates: [] }),
      createUpdate: async () => ({ ok: true as const, id: '1' }),
    } as unknown as BoardClient
    await createUpdateOnce(client, { itemId: '5000', body: '<p>Plan</p>', ref: 'reg-1/note' })
    expect(sent).toHaveLength(1)
    const coerced = getVariableValues(schema, operationOf(ITEM_UPDATES).variableDefinitions ?? [], sent[0]!)
    expect(coerced.errors ?? []).toEqual([])
  })

  it('the variables actually sent coerce to the declared types', async () => {
    const calls = fakeBoard()
    const { handler } = leadsHandler()
    expect((await postLead(handler, submission())).status).toBe(200)

    expect(calls).toHaveLength(2)
    for (const call of calls) {
      expect(call.query).toBe(documents[call.operation])
      const coerced = getVariableValues(schema, operationOf(call.query).variableDefinitions ?? [], call.variables)
      expect(coerced.errors ?? []).toEqual([])
    }
    const { boardId, columnValues } = calls[0]!.variables
    expect(typeof boardId).toBe('string')
    // JSON is a custom scalar here, so coercion accepts anything; the board wants a JSON string.
    expect(typeof columnValues).toBe('string')
    expect(Object.keys(JSON.parse(columnValues as string)).sort()).toEqual(Object.values(LEAD_COLUMNS).sort())
  })

  it("the booking worker's calls (looking up, then making a 'Booking:' item, and its update) coerce to the declared types", async () => {
    const calls = fakeBoard()
    const board = boardFrom({ token: TOKEN, boardId: '123', groupId: 'topics', apiUrl: BOARD_URL, fetch }, 0)!
    const settled: string[] = []
    const store = {
      lead: async () => undefined,
      review: async () => ({ possible: undefined, flaggedSameEmail: undefined }),
      earlierItem: async () => undefined,
      recordItem: async () => true,
      hasLaterEvent: async () => false,
      done: async () => settled.push('done') > 0,
    } as unknown as BookingStore
    const booking: Claimed<BookingItem> = {
      id: '1',
      claimToken: 'claim-1',
      attempts: 1,
      claimedUntil: null,
      lastError: null,
      failureReason: null,
      createdAt: new Date(),
      bookingUid: 'booking-1',
      event: 'BOOKING_RESCHEDULED',
      startTime: new Date('2026-11-26T22:00:00.000Z'),
      leadId: null,
      possibleLeadId: null,
      staffDecision: null,
      itemKey: 'booking:booking-1',
      boardItemId: null,
      attendeeName: 'Walk-in Wanda',
      attendeeEmail: 'wanda@example.com',
      attendeePhone: '0412 345 678',
      note: '<p>Strategy call booked</p>',
    }
    const outcome = await workBooking(booking, {
      store,
      board,
      reviewGroupId: 'needs_a_look',
      backoff: { baseMs: 1, maxMs: 1, maxAttempts: 1, random: () => 0 },
      logger: recordingLogger(),
      now: () => new Date(),
      leadWaitMs: 1,
    })
    expect(outcome).toEqual({ kind: 'done' })
    expect(settled).toEqual(['done'])
    expect(calls.map((call) => call.operation)).toEqual(['find_item', 'create_item', 'change_columns', 'create_update'])
    expect(calls[0]!.variables.submissionId).toBe('booking:booking-1')
    for (const call of calls) {
      expect(call.query).toBe(documents[call.operation])
      const coerced = getVariableValues(schema, operationOf(call.query).variableDefinitions ?? [], call.variables)
      expect(coerced.errors ?? []).toEqual([])
    }
    expect(calls[1]!.variables.itemName).toBe('Booking: Walk-in Wanda')
    const columns = JSON.parse(calls[1]!.variables.columnValues as string) as Record<string, unknown>
    expect(Object.keys(columns).every((id) => (Object.values(LEAD_COLUMNS) as string[]).includes(id))).toBe(true)
    // A 'Booking:' item carries the phone, in the phone column's shape.
    expect(columns[LEAD_COLUMNS.phone]).toEqual({ phone: '+61412345678', countryShortName: 'AU' })
    // The call's columns in the shapes monday's column types take: a date column (UTC date and
    // time) and a status column (one of its labels).
    const call = JSON.parse(calls[2]!.variables.columnValues as string) as Record<string, unknown>
    expect(calls[2]!.variables.itemId).toBe(calls[3]!.variables.itemId)
    expect(call).toEqual({
      [BOOKING_COLUMNS.callDate]: { date: '2026-11-26', time: '22:00:00' },
      [BOOKING_COLUMNS.callStatus]: { label: 'Moved' },
    })
    expect(Object.values(CALL_STATUS).sort()).toEqual(['Booked', 'Cancelled', 'Held', 'Moved'])
  })

  it("a decision's calls (the item's place, the move, the rename; the person's name and the note) coerce to the declared types", async () => {
    const sent: { query: string; variables: Record<string, unknown> }[] = []
    const answers: Record<string, unknown> = {
      items: [{ id: '5000', name: 'Unverified: Lead: Ada', group: { id: 'needs_a_look' }, updates: [] }],
      move_item_to_group: { id: '5000' },
      change_simple_column_value: { id: '5000' },
      users: [{ id: '77', name: 'Grace Hopper' }],
      create_update: { id: '6000' },
    }
    const board = boardFrom(
      {
        token: TOKEN,
        boardId: '123',
        groupId: 'topics',
        apiUrl: BOARD_URL,
        fetch: async (_url, init) => {
          // The client streams its body (sent exactly once): read it as the board would.
          const { query, variables } = (await new Response(init.body).json()) as { query: string; variables: Record<string, unknown> }
          sent.push({ query, variables })
          const field = Object.keys(answers).find((name) => query.includes(`${name}(`))!
          return Response.json({ data: { [field]: answers[field] } })
        },
      },
      0,
    )!
    const item = (decision: DecisionItem['decision']): Claimed<DecisionItem> => ({
      id: '1',
      claimToken: 'claim-1',
      attempts: 1,
      claimedUntil: null,
      lastError: null,
      failureReason: null,
      createdAt: new Date(),
      itemId: '5000',
      label: decision,
      decision,
      userId: '77',
      changedAt: new Date(),
      outcome: null,
      subjectKind: null,
      subjectId: null,
    })
    for (const [decision, outcome] of [
      ['release', 'released'],
      ['not-genuine', 'rejected'],
    ] as const) {
      const store = {
        decide: async () => ({ outcome, subjectKind: 'lead' }),
        stillStands: async () => true,
        done: async () => true,
      } as unknown as DecisionStore
      const deps = { store, board, reviewGroupId: 'needs_a_look', channels: [], logger: recordingLogger(), now: () => new Date() }
      const normalGroups = { lead: 'topics', registration: 'enterprise', booking: 'topics' }
      const backoff = { baseMs: 1, maxMs: 1, maxAttempts: 1, random: () => 0 }
      expect(await workDecision(item(decision), { ...deps, normalGroups, backoff })).toEqual({ kind: 'done' })
    }
    const expected = [ITEM_PLACE, MOVE_ITEM, RENAME_ITEM, USER_NAME, ITEM_UPDATES, CREATE_UPDATE]
    expect(sent.map((call) => call.query)).toEqual(expected)
    for (const call of sent) {
      const coerced = getVariableValues(schema, operationOf(call.query).variableDefinitions ?? [], call.variables)
      expect(coerced.errors ?? []).toEqual([])
    }
    expect(sent[1]!.variables).toEqual({ itemId: '5000', groupId: 'topics' })
    expect(sent[2]!.variables).toEqual({ boardId: '123', itemId: '5000', columnId: 'name', value: 'Lead: Ada' })
  })
})
