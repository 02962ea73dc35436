// A stand-in for Stripe's REST API (v1) on 127.0.0.1, for the function tests and benches: the
// customer → invoice → invoice item → finalize → send calls the `stripe` SDK makes, form-encoded
// as it sends them, behind a Bearer key. It keeps what was created (so a test can count invoices
// per registration), honours Idempotency-Key as Stripe does, and misbehaves on demand, down to
// taking a call and then never answering it (`unanswered`, at a rate), recorded in `lostAnswers`.
import { createServer } from 'node:http'

export const STRIPE_KEY = 'sk_test_fake_stripe'

const ROUTES = [
  ['POST', /^\/v1\/customers$/, 'customers.create'],
  ['GET', /^\/v1\/customers$/, 'customers.list'],
  ['POST', /^\/v1\/invoices$/, 'invoices.create'],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, 'invoices.retrieve'],
  ['POST', /^\/v1\/invoiceitems$/, 'invoiceitems.create'],
  ['POST', /^\/v1\/invoices\/([^/]+)\/finalize$/, 'invoices.finalize'],
  ['POST', /^\/v1\/invoices\/([^/]+)\/send$/, 'invoices.send'],
]

/** `metadata[registration_id]=x&lines[0][amount]=1` → `{ metadata: { registration_id: 'x' }, lines: { 0: { amount: '1' } } }` */
function parseForm(text) {
  const params = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/[[\]]+/).filter(Boolean)
    let node = params
    for (const part of path.slice(0, -1)) node = node[part] ??= {}
    node[path.at(-1)] = value
  }
  return params
}

/** Stripe compares a replayed request's parameters, not their order. */
const fingerprint = (method, path, text) => `${method} ${path} ${[...new URLSearchParams(text)].map(String).sort().join('&')}`

const stripeError = (type, message, extra = {}) => ({ error: { type, message, ...extra } })
const missing = (kind, id) => [404, stripeError('invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing' })]
const invalid = (message, extra = {}) => [400, stripeError('invalid_request_error', message, extra)]

/**
 * `latencyMs` delays every answer; `failShare` of the calls (drawn with `random`, seed it for a
 * reproducible bench) fail with a fault picked from `faults`.
 */
export async function startFakeStripe({ latencyMs = 0, failShare = 0, random = Math.random, faults = ['http-500'] } = {}) {
  const customers = new Map()
  const invoices = new Map()
  const invoiceItems = new Map()
  const requests = []
  const queued = new Map()
  const idempotent = new Map()
  const inFlight = new Set()
  const counters = { cus: 0, in: 0, ii: 0, req: 0 }
  // Taken, then unanswered: { share, random, operations } while on.
  let dropping = null
  const lostAnswers = []
  const registrationOf = (body) => body?.metadata?.registration_id ?? invoices.get(body?.invoice)?.metadata?.registration_id
  const newId = (prefix) => `${prefix}_fake${String(++counters[prefix]).padStart(6, '0')}`
  const now = () => Math.floor(Date.now() / 1000)

  const list = (url, data) => ({ object: 'list', url, has_more: false, data })
  const publicInvoice = (invoice) => {
    const { sends, ...rest } = invoice
    return { ...rest, lines: list(`/v1/invoices/${invoice.id}/lines`, rest.lines) }
  }

  const operations = {
    'customers.create': (params) => {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        description: params.description ?? null,
        metadata: params.metadata ?? {},
      }
      customers.set(customer.id, customer)
      return [200, customer]
    },
    'customers.list': (_params, query) => {
      const found = [...customers.values()].filter((customer) => !query.get('email') || customer.email === query.get('email'))
      return [200, list('/v1/customers', found.slice(0, Number(query.get('limit') ?? 10)))]
    },
    'invoices.create': (params) => {
      if (!params.customer || !customers.has(params.customer)) return missing('customer', params.customer)
      const collection = params.collection_method ?? 'charge_automatically'
      if (collection === 'send_invoice' && !params.days_until_due && !params.due_date)
        return invalid('Missing required param: days_until_due.', { param: 'days_until_due' })
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        created: now(),
        customer: params.customer,
        customer_email: customers.get(params.customer).email,
        status: 'draft',
        collection_method: collection,
        days_until_due: params.days_until_due ? Number(params.days_until_due) : null,
        due_date: null,
        currency: params.currency ?? 'usd',
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        auto_advance: params.auto_advance === 'true',
        amount_due: 0,
        total: 0,
        lines: [],
        status_transitions: { finalized_at: null },
        sends: 0,
      }
      invoices.set(invoice.id, invoice)
      return [200, publicInvoice(invoice)]
    },
    'invoices.retrieve': (_params, _query, id) => (invoices.has(id) ? [200, publicInvoice(invoices.get(id))] : missing('invoice', id)),
    'invoiceitems.create': (params) => {
      const invoice = invoices.get(params.invoice)
      if (!params.customer || !customers.has(params.customer)) return missing('customer', params.customer)
      if (!invoice) return missing('invoice', params.invoice)
      if (invoice.customer !== params.customer) return invalid('The invoice belongs to another customer.', { param: 'invoice' })
      if (invoice.status !== 'draft') return invalid(`Invoice ${invoice.id} is not a draft.`, { code: 'invoice_not_editable' })
      if (!/^-?\d+$/.test(params.amount ?? '')) return invalid('Missing required param: amount.', { param: 'amount' })
      if (params.currency && params.currency !== invoice.currency)
        return invalid('The currency must match the invoice.', { param: 'currency' })
      const item = {
        id: newId('ii'),
        object: 'invoiceitem',
        amount: Number(params.amount),
        currency: invoice.currency,
        customer: params.customer,
        invoice: invoice.id,
        description: params.description ?? null,
        metadata: params.metadata ?? {},
      }
      invoiceItems.set(item.id, item)
      invoice.lines.push({
        id: `il_${item.id}`,
        object: 'line_item',
        amount: item.amount,
        currency: item.currency,
        description: item.description,
      })
      invoice.total = invoice.amount_due = invoice.lines.reduce((sum, line) => sum + line.amount, 0)
      return [200, item]
    },
    'invoices.finalize': (_params, _query, id) => {
      const invoice = invoices.get(id)
      if (!invoice) return missing('invoice', id)
      if (invoice.status !== 'draft') return invalid('This invoice is already finalized, you can\u2019t re-finalize a non-draft invoice.')
      invoice.status = 'open'
      invoice.status_transitions.finalized_at = now()
      if (invoice.days_until_due !== null) invoice.due_date = now() + invoice.days_until_due * 86_400
      return [200, publicInvoice(invoice)]
    },
    'invoices.send': (_params, _query, id) => {
      const invoice = invoices.get(id)
      if (!invoice) return missing('invoice', id)
      if (invoice.collection_method !== 'send_invoice') return invalid('Only invoices with collection_method send_invoice can be sent.')
      if (invoice.status !== 'open') return invalid('You can only send an invoice that is open.')
      invoice.sends++
      return [200, publicInvoice(invoice)]
    },
  }

  const send = (res, status, body, headers = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': res.requestId, ...headers }).end(JSON.stringify(body))

  function pickFault(operation) {
    const next = queued.get(operation)
    if (next?.length) return next.shift()
    return failShare > 0 && random() < failShare ? faults[Math.floor(random() * faults.length)] : undefined
  }

  async function answer(req, res) {
    let raw = ''
    for await (const chunk of req) raw += chunk
    res.requestId = `req_fake${++counters.req}`
    const url = new URL(req.url, 'http://stripe.test')
    const route = ROUTES.find(([method, pattern]) => method === req.method && pattern.test(url.pathname))
    const key = req.headers['idempotency-key']
    const request = { operation: route?.[2], method: req.method, path: url.pathname, idempotencyKey: key, replayed: false }
    requests.push(request)
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs))
    if (req.headers.authorization !== `Bearer ${STRIPE_KEY}`)
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided.'))
    if (!route) return send(res, 404, stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`))
    const [, pattern, operation] = route

    // Stripe keys only POSTs; the key is scoped to the API key, and compared with method, path and parameters.
    const stored = req.method === 'POST' && key ? idempotent.get(key) : undefined
    const print = fingerprint(req.method, url.pathname, raw)
    if (stored) {
      if (stored.print !== print)
        return send(
          res,
          400,
          stripeError(
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        )
      request.replayed = true
      return send(res, stored.status, stored.body, { 'idempotent-replayed': 'true', 'original-request': stored.requestId })
    }
    if (key && inFlight.has(key))
      return send(
        res,
        409,
        stripeError('idempotency_error', 'There is currently another in-progress request using this Idempotency Key.', {
          code: 'idempotency_key_in_use',
        }),
      )

    // Refused before the endpoint starts: nothing done, nothing kept under the key (the retry runs anew).
    const fault = pickFault(operation)
    if (fault === 'http-500') return send(res, 500, stripeError('api_error', 'An unknown error occurred.'))
    if (fault === 'rate-limited') return send(res, 429, stripeError('invalid_request_error', 'Too many requests.', { code: 'rate_limit' }))

    if (key) inFlight.add(key)
    const [status, body] = operations[operation](parseForm(raw), url.searchParams, url.pathname.match(pattern)[1])
    if (key) {
      inFlight.delete(key)
      // Kept whatever the outcome, once the endpoint ran, as Stripe keeps its 4xx and 500 answers.
      idempotent.set(key, { print, status, body, requestId: res.requestId })
    }
    let how = fault === 'succeed-hang' ? 'hang' : fault === 'succeed-lost' ? 'lost' : undefined
    if (!how && status < 400 && dropping?.operations.includes(operation) && dropping.random() < dropping.share)
      how = dropping.random() < 0.5 ? 'hang' : 'lost'
    if (how) {
      lostAnswers.push({ operation, idempotencyKey: key, registrationId: registrationOf(body), how })
      return how === 'lost' ? req.socket.destroy() : undefined
    }
    return send(res, status, body)
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy())
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()

  const forRegistration = (registrationId) => (object) => object.metadata?.registration_id === registrationId

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Each call that took effect and was left unanswered ('succeed-*' faults and `unanswered`). */
    lostAnswers,
    /**
     * Takes `share` of the successful calls of `operations` (default every one that creates or
     * changes something), then never answers (half, drawn with `random`) or drops the connection;
     * `null` turns it off.
     */
    unanswered: (options) =>
      void (dropping = options && {
        random: Math.random,
        operations: ROUTES.filter(([method]) => method === 'POST').map(([, , operation]) => operation),
        ...options,
      }),
    customers,
    invoices,
    invoiceItems,
    /** The invoices whose metadata names this registration, as the API would show them, with how often each was sent. */
    invoicesFor: (registrationId) =>
      [...invoices.values()]
        .filter(forRegistration(registrationId))
        .map((invoice) => ({ ...publicInvoice(invoice), sends: invoice.sends })),
    customersFor: (registrationId) => [...customers.values()].filter(forRegistration(registrationId)),
    /** The next `count` calls of `operation` misbehave with `fault`, then it is healthy again. */
    failNext: (operation, count = 1, fault = 'http-500') =>
      void queued.set(operation, [...(queued.get(operation) ?? []), ...Array.from({ length: count }, () => fault)]),
    clear: () => {
      for (const collection of [customers, invoices, invoiceItems, queued, idempotent, inFlight]) collection.clear()
      requests.length = 0
      lostAnswers.length = 0
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
