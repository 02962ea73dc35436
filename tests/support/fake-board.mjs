// A stand-in for the work-management board's GraphQL API on 127.0.0.1, for the function tests and
// `npm run bench:leads`: it keeps the items it creates (so a test can count them per submission),
// answers lookups by the submission id column, and misbehaves on demand, down to taking a call and
// then never answering it (`unanswered`, at a rate), which it records in `lostAnswers`.
import { createServer } from 'node:http'

const operationOf = (query) =>
  query.includes('move_item_to_group(')
    ? 'move_item'
    : query.includes('change_simple_column_value(')
      ? 'rename'
      : query.includes('users(')
        ? 'user_name'
        : query.includes('items(') && !query.includes('updates(')
          ? 'item_place'
          : operationOfWrite(query)

const operationOfWrite = (query) =>
  query.includes('create_update(')
    ? 'create_update'
    : query.includes('change_multiple_column_values(')
      ? 'change_columns'
      : query.includes('items_page_by_column_values(')
        ? 'find_item'
        : query.includes('updates(')
          ? 'item_updates'
          : 'create_item'

// The board's update text: its HTML body with tags dropped, paragraphs and breaks as line ends.
const textOf = (html) =>
  html
    .replace(/<br\s*\/?>|<\/p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .trim()

/** How the board refuses every call while `refuse(kind)` is on, as its API answers them. */
export const REFUSALS = {
  'not-authenticated': [401, { errors: [{ message: 'Not Authenticated' }] }],
  'user-unauthorized': [
    200,
    { errors: [{ message: 'User unauthorized to perform action', extensions: { code: 'UserUnauthorizedException', status_code: 403 } }] },
  ],
  'board-not-found': [
    200,
    { errors: [{ message: 'Board not found', extensions: { code: 'ResourceNotFoundException', status_code: 404 } }] },
  ],
}

const send = (res, status, body, headers = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))

export async function startFakeBoard({ latencyMs = 0 } = {}) {
  const requests = []
  const items = new Map()
  // Each item's column values: as created, then as changed (a booking's date and status).
  const columnsOf = new Map()
  const notes = []
  const queued = {
    create_item: [],
    create_update: [],
    find_item: [],
    change_columns: [],
    item_updates: [],
    item_place: [],
    move_item: [],
    rename: [],
    user_name: [],
  }
  // The board's people, by user id (a decision's note names who made it).
  const users = new Map()
  let random = null
  let randomOperations = ['create_item']
  // Taken, then unanswered: { share, random, operations } while on.
  let dropping = null
  const lostAnswers = []
  let refusal = null
  // Requests to this path (a second board URL) are slow and fail on their own terms.
  let slow = null
  let nextId = 5_000

  function createItem(variables) {
    const id = String(nextId++)
    const columns = JSON.parse(String(variables.columnValues ?? '{}'))
    items.set(id, { submissionId: columns.submission_id, name: variables.itemName, groupId: variables.groupId })
    columnsOf.set(id, columns)
    return id
  }

  /** Does what a healthy board does for `operation`: the answer's data, and the submission it concerns. */
  function take(operation, variables) {
    if (operation === 'create_item') {
      const id = createItem(variables)
      return [{ create_item: { id } }, items.get(id).submissionId]
    }
    if (operation === 'change_columns') {
      const itemId = String(variables.itemId)
      if (items.has(itemId)) columnsOf.set(itemId, { ...columnsOf.get(itemId), ...JSON.parse(String(variables.columnValues)) })
      return [{ change_multiple_column_values: { id: itemId } }, items.get(itemId)?.submissionId]
    }
    if (operation === 'create_update') {
      const itemId = String(variables.itemId)
      const id = String(nextId++)
      notes.push({ id, itemId, body: String(variables.body) })
      return [{ create_update: { id } }, items.get(itemId)?.submissionId]
    }
    if (operation === 'item_place') {
      const itemId = String(variables.itemId)
      const item = items.get(itemId)
      return [{ items: item ? [{ id: itemId, name: item.name, group: item.groupId ? { id: item.groupId } : null }] : [] }, item?.submissionId]
    }
    if (operation === 'move_item' || operation === 'rename') {
      const itemId = String(variables.itemId)
      const item = items.get(itemId)
      if (item && operation === 'move_item') item.groupId = String(variables.groupId)
      if (item && operation === 'rename') item.name = String(variables.value)
      const field = operation === 'move_item' ? 'move_item_to_group' : 'change_simple_column_value'
      return [{ [field]: item ? { id: itemId } : null }, item?.submissionId]
    }
    if (operation === 'user_name') {
      const name = users.get(String(variables.userId))
      return [{ users: name ? [{ id: String(variables.userId), name }] : [] }, undefined]
    }
    if (operation === 'item_updates') {
      // As the board: `items(ids)` answers only the items that exist, each with its newest updates first.
      const itemId = String(variables.itemId)
      const item = items.get(itemId)
      const updates = notes
        .filter((note) => note.itemId === itemId)
        .reverse()
        .slice(0, Number(variables.limit ?? 25))
        .map((note) => ({ id: note.id, body: note.body, text_body: textOf(note.body) }))
      return [{ items: item ? [{ id: itemId, updates }] : [] }, item?.submissionId]
    }
    const found = [...items].filter(([, item]) => item.submissionId === variables.submissionId).map(([id]) => ({ id }))
    return [{ items_page_by_column_values: { items: found.slice(0, 1) } }, variables.submissionId]
  }

  /** The call took effect; its answer never comes ('hang') or its connection drops ('lost'). */
  function loseAnswer(how, operation, submissionId, req, variables) {
    // A note's body says which note it was (its `Ref:` line).
    lostAnswers.push({ operation, submissionId, how, ...(operation === 'create_update' ? { body: String(variables.body) } : {}) })
    if (how === 'lost') req.socket.destroy()
  }

  function misbehave(fault, req, res, operation, variables) {
    switch (fault) {
      case 'http-500':
        return send(res, 500, { error_message: 'Internal server error' })
      case 'rate-limited':
        return send(res, 429, { errors: [{ message: 'Rate limit exceeded' }] }, { 'retry-after': '1' })
      case 'graphql-error':
        return send(res, 200, { errors: [{ message: 'Something went wrong', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] })
      case 'complexity':
        return send(res, 200, {
          errors: [{ message: 'Complexity budget exhausted', extensions: { code: 'ComplexityException', retry_in_seconds: 1 } }],
        })
      case 'hang':
        return undefined
      case 'created-lost':
        return loseAnswer('lost', operation, take(operation, variables)[1], req, variables)
      case 'created-hang':
        return loseAnswer('hang', operation, take(operation, variables)[1], req, variables)
    }
  }

  async function answer(req, res) {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = JSON.parse(raw)
    const operation = operationOf(body.query)
    const variables = body.variables ?? {}
    requests.push({ operation, headers: req.headers, variables })
    const slowed = slow && new URL(req.url, 'http://board').pathname === slow.path ? slow : null
    const wait = slowed?.latencyMs ?? latencyMs
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait))
    if (refusal) return send(res, ...REFUSALS[refusal])
    const pick = slowed ? slowed.pick : random
    const picked = pick && (slowed ? operation === 'create_item' : randomOperations.includes(operation))
    const fault = queued[operation].shift() ?? (picked ? pick(operation) : undefined)
    if (fault) return misbehave(fault, req, res, operation, variables)
    if (!req.headers.authorization) return send(res, 401, { errors: [{ message: 'Not Authenticated' }] })
    const [data, submissionId] = take(operation, variables)
    if (dropping?.operations.includes(operation) && dropping.random() < dropping.share)
      return loseAnswer(dropping.random() < 0.5 ? 'hang' : 'lost', operation, submissionId, req, variables)
    return send(res, 200, { data })
  }

  let open = 0
  const server = createServer((req, res) => {
    open++
    res.once('close', () => open--)
    answer(req, res).catch(() => res.destroy())
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()

  return {
    url: `http://127.0.0.1:${port}/v2`,
    requests,
    items,
    columnsOf,
    /** The update notes it created, by item id (`items(ids) { updates }` reads them back). */
    notes,
    /** Each call taken and then left unanswered, with the submission it concerns. */
    lostAnswers,
    /**
     * Takes `share` of the calls of `operations` (default the two writes), does what they ask, then
     * never answers (half, drawn with `random`) or drops the connection; `null` turns it off.
     */
    unanswered: (options) => void (dropping = options && { random: Math.random, operations: ['create_item', 'create_update'], ...options }),
    /** How many items the board holds for a submission: the fault table wants exactly 1. */
    itemsFor: (submissionId) => [...items.values()].filter((item) => item.submissionId === submissionId).length,
    callsFor: (submissionId, operation = 'create_item') =>
      requests.filter((r) => r.operation === operation && JSON.stringify(r.variables).includes(submissionId)).length,
    /** The next calls of `operation` misbehave in this order, then the board is healthy again. */
    fail: (operation, ...faults) => void queued[operation].push(...faults),
    /** Fails each call of `operations` with `pick(operation)`'s fault, or lets it through when it returns undefined. */
    failRandomly: (pick, operations = ['create_item']) => void ((random = pick), (randomOperations = operations)),
    /**
     * A second URL to the same board (same items) that takes `latencyMs` per call and fails each
     * create_item with `pick()`'s fault; the board's own URL stays as it is. `null` turns it off.
     */
    slowUrl: (options) => {
      slow = options && { path: '/v2/slow', ...options }
      return `http://127.0.0.1:${port}/v2/slow`
    },
    /**
     * Resolves once no call is open (each answered, or given up by its caller): a function may
     * still be adding a note after it recorded the lead as delivered. Gives up after `limitMs`.
     */
    quiet: async (limitMs = 15_000) => {
      const until = Date.now() + limitMs
      while (open > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50))
    },
    /** Adds a person to the board's account (a decision's note names them). */
    addUser: (id, name) => void users.set(String(id), name),
    /** Refuses every call (a revoked token, a board it cannot reach) until `refuse(null)`. */
    refuse: (kind) => void (refusal = kind),
    /** Stops listening (connections are refused) until `up()`, on the same port. */
    down: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    up: () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
