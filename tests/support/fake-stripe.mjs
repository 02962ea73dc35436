// A stand-in for Stripe's REST API (v1) on 127.0.0.1, for the function tests and benches: the
// calls the `stripe` SDK makes for an invoice (customer, invoice, invoice item, finalize, send) and
// the list endpoints that find them again, form-encoded with nested keys as the SDK sends them,
// behind a Bearer key. Like the real API it refuses a parameter it does not know, pages lists
// newest first, honours Idempotency-Key and forgets a key once it is 24 hours old (on its own clock,
// which a test moves forward), and misbehaves on demand. It keeps what was created, so a test can
// count invoices and lines per registration. It also misbehaves down to
// taking a call and then never answering it (`unanswered`, at a rate), recorded in `lostAnswers`.
import { createServer } from 'node:http'

export const STRIPE_KEY = 'sk_test_fake_stripe'

/** Stripe prunes an idempotency key once it is at least 24 hours old; the same key then makes a new request. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000

const ROUTES = [
  ['POST', /^\/v1\/customers$/, 'customers.create'],
  ['GET', /^\/v1\/customers$/, 'customers.list'],
  ['POST', /^\/v1\/invoices$/, 'invoices.create'],
  ['GET', /^\/v1\/invoices$/, 'invoices.list'],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, 'invoices.retrieve'],
  ['GET', /^\/v1\/invoices\/([^/]+)\/lines$/, 'invoices.lines'],
  ['POST', /^\/v1\/invoiceitems$/, 'invoiceitems.create'],
  ['POST', /^\/v1\/invoices\/([^/]+)\/finalize$/, 'invoices.finalize'],
  ['POST', /^\/v1\/invoices\/([^/]+)\/send$/, 'invoices.send'],
  ['GET', /^\/v1\/invoice_payments$/, 'invoicePayments.list'],
  ['GET', /^\/v1\/tax_rates\/([^/]+)$/, 'taxRates.retrieve'],
]

// The parameters each endpoint takes (a subset of the real ones, each as the real API types it):
// 'string', 'integer', 'boolean', 'map' (metadata), an object of parameters, or [an array of one].
const EXPAND = { expand: ['string'] }
const PAGE = { limit: 'integer', starting_after: 'string', ending_before: 'string', ...EXPAND }
const ADDRESS = { line1: 'string', line2: 'string', city: 'string', state: 'string', postal_code: 'string', country: 'string' }
const CUSTOM_FIELDS = [{ name: 'string', value: 'string' }]
const PARAMETERS = {
  'customers.create': {
    email: 'string',
    name: 'string',
    description: 'string',
    phone: 'string',
    address: ADDRESS,
    metadata: 'map',
    invoice_settings: { custom_fields: CUSTOM_FIELDS, footer: 'string' },
    ...EXPAND,
  },
  'customers.list': { ...PAGE, email: 'string' },
  'invoices.create': {
    customer: 'string',
    collection_method: 'string',
    days_until_due: 'integer',
    due_date: 'integer',
    currency: 'string',
    description: 'string',
    footer: 'string',
    custom_fields: CUSTOM_FIELDS,
    default_tax_rates: ['string'],
    metadata: 'map',
    auto_advance: 'boolean',
    pending_invoice_items_behavior: 'string',
    ...EXPAND,
  },
  'invoices.list': { ...PAGE, customer: 'string', status: 'string', collection_method: 'string' },
  'invoices.retrieve': EXPAND,
  'invoices.lines': PAGE,
  'invoiceitems.create': {
    customer: 'string',
    invoice: 'string',
    amount: 'integer',
    currency: 'string',
    description: 'string',
    discountable: 'boolean',
    metadata: 'map',
    period: { start: 'integer', end: 'integer' },
    tax_rates: ['string'],
    ...EXPAND,
  },
  'invoices.finalize': { auto_advance: 'boolean', ...EXPAND },
  'invoices.send': EXPAND,
  'invoicePayments.list': {
    ...PAGE,
    invoice: 'string',
    status: 'string',
    payment: { type: 'string', payment_intent: 'string', payment_record: 'string' },
  },
  'taxRates.retrieve': EXPAND,
}

/** `metadata[registration_id]=x&tax_rates[0]=t` → `{ metadata: { registration_id: 'x' }, tax_rates: { 0: 't' } }` */
function parseForm(text) {
  const params = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const [, head, rest = ''] = /^([^[]*)(.*)$/.exec(key)
    const path = [head, ...[...rest.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1])]
    let node = params
    for (const [index, part] of path.entries()) {
      const last = index === path.length - 1
      // `tax_rates[]=a&tax_rates[]=b` appends, as `tax_rates[0]=a&tax_rates[1]=b` does.
      const name = part === '' ? String(Object.keys(node).length) : part
      if (last) node[name] = value
      else node = node[name] = typeof node[name] === 'object' ? node[name] : {}
    }
  }
  return params
}

const unknown = (param) => ({ message: `Received unknown parameter: ${param}`, param, code: 'parameter_unknown' })
const invalidType = (param, kind, value) => ({
  message: `Invalid ${kind}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  param,
  code: 'parameter_invalid_' + kind,
})

/** The parsed form checked against `shape` and typed; `{ error }` for the first parameter the real API would refuse. */
function typed(value, shape, param) {
  if (Array.isArray(shape)) {
    if (typeof value !== 'object') return { error: invalidType(param, 'array', value) }
    const keys = Object.keys(value)
    if (keys.some((key, index) => key !== String(index))) return { error: invalidType(param, 'array', value) }
    const items = []
    for (const key of keys) {
      const item = typed(value[key], shape[0], `${param}[${key}]`)
      if (item.error) return item
      items.push(item.value)
    }
    return { value: items }
  }
  if (typeof shape === 'object') {
    if (typeof value !== 'object') return { error: invalidType(param, 'object', value) }
    const result = {}
    for (const [key, inner] of Object.entries(value)) {
      const name = param ? `${param}[${key}]` : key
      if (!(key in shape)) return { error: unknown(name) }
      const item = typed(inner, shape[key], name)
      if (item.error) return item
      result[key] = item.value
    }
    return { value: result }
  }
  if (shape === 'map') {
    if (typeof value !== 'object' || Object.values(value).some((inner) => typeof inner !== 'string'))
      return { error: invalidType(param, 'object', value) }
    return { value }
  }
  if (typeof value !== 'string') return { error: invalidType(param, shape, value) }
  if (shape === 'integer') return /^-?\d+$/.test(value) ? { value: Number(value) } : { error: invalidType(param, 'integer', value) }
  if (shape === 'boolean')
    return value === 'true' || value === 'false' ? { value: value === 'true' } : { error: invalidType(param, 'boolean', value) }
  return { value }
}

/** Stripe's limits on an invoice's custom fields: up to 4, a name up to 40 characters, a value up to 140. */
function customFieldsProblem(fields, param) {
  if (!fields) return undefined
  if (fields.length > 4) return `${param}: at most 4 custom fields`
  const field = fields.findIndex((field) => !field.name || !field.value || field.name.length > 40 || field.value.length > 140)
  return field >= 0 ? `${param}[${field}]: a name (up to 40 characters) and a value (up to 140) are required` : undefined
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
  const taxRates = new Map()
  const invoicePayments = []
  const requests = []
  const queued = new Map()
  const idempotent = new Map()
  const inFlight = new Set()
  const counters = { cus: 0, in: 0, ii: 0, il: 0, txr: 0, req: 0, pi: 0, ch: 0, inpay: 0 }
  const clock = { aheadMs: 0 }
  // Taken, then unanswered: { share, random, operations } while on.
  let dropping = null
  const lostAnswers = []
  const registrationOf = (body) => body?.metadata?.registration_id ?? invoices.get(body?.invoice)?.metadata?.registration_id
  const newId = (prefix) => `${prefix}_fake${String(++counters[prefix]).padStart(6, '0')}`
  const nowMs = () => Date.now() + clock.aheadMs
  const now = () => Math.floor(nowMs() / 1000)

  /** A page of `all` (newest first), as `limit`, `starting_after` and `ending_before` ask. */
  function page(url, all, params) {
    const limit = params.limit ?? 10
    if (limit < 1 || limit > 100) return invalid('Invalid limit: must be between 1 and 100', { param: 'limit' })
    const newestFirst = [...all].reverse()
    let from = 0
    let to = newestFirst.length
    if (params.starting_after) {
      const at = newestFirst.findIndex((object) => object.id === params.starting_after)
      if (at < 0) return invalid(`No such object: '${params.starting_after}'`, { param: 'starting_after' })
      from = at + 1
    }
    if (params.ending_before) {
      const at = newestFirst.findIndex((object) => object.id === params.ending_before)
      if (at < 0) return invalid(`No such object: '${params.ending_before}'`, { param: 'ending_before' })
      to = at
      from = Math.max(from, to - limit)
    }
    const data = newestFirst.slice(from, Math.min(to, from + limit))
    return [200, { object: 'list', url, has_more: from + data.length < to, data }]
  }

  const publicInvoice = (invoice) => {
    const { sends, ...rest } = invoice
    const lines = rest.lines.slice(0, 10)
    return { ...rest, lines: { object: 'list', url: `/v1/invoices/${invoice.id}/lines`, has_more: rest.lines.length > 10, data: lines } }
  }

  /** Subtotal, taxes (inclusive ones within the subtotal, exclusive ones added) and what is due. */
  function retotal(invoice) {
    const taxes = invoice.lines.flatMap((line) => line.taxes)
    const added = taxes.filter((tax) => tax.tax_behavior === 'exclusive').reduce((sum, tax) => sum + tax.amount, 0)
    const within = taxes.filter((tax) => tax.tax_behavior === 'inclusive').reduce((sum, tax) => sum + tax.amount, 0)
    invoice.subtotal = invoice.lines.reduce((sum, line) => sum + line.amount, 0)
    invoice.total = invoice.amount_due = invoice.subtotal + added
    invoice.total_excluding_tax = invoice.subtotal - within
  }

  const taxOf = (amount, rate) => ({
    amount: rate.inclusive ? Math.round(amount - amount / (1 + rate.percentage / 100)) : Math.round((amount * rate.percentage) / 100),
    tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
    tax_rate_details: { tax_rate: rate.id },
    taxability_reason: 'standard_rated',
    taxable_amount: amount,
    type: 'tax_rate_details',
  })

  const operations = {
    'customers.create': (params) => {
      const problem = customFieldsProblem(params.invoice_settings?.custom_fields, 'invoice_settings[custom_fields]')
      if (problem) return invalid(problem, { param: 'invoice_settings[custom_fields]' })
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        description: params.description ?? null,
        phone: params.phone ?? null,
        address: params.address
          ? { line1: null, line2: null, city: null, state: null, postal_code: null, country: null, ...params.address }
          : null,
        invoice_settings: {
          custom_fields: params.invoice_settings?.custom_fields ?? null,
          footer: params.invoice_settings?.footer ?? null,
        },
        metadata: params.metadata ?? {},
      }
      customers.set(customer.id, customer)
      return [200, customer]
    },
    'customers.list': (params) =>
      page(
        '/v1/customers',
        [...customers.values()].filter((customer) => !params.email || customer.email === params.email),
        params,
      ),
    'invoices.create': (params) => {
      const customer = customers.get(params.customer)
      if (!customer) return missing('customer', params.customer)
      const collection = params.collection_method ?? 'charge_automatically'
      if (collection === 'send_invoice' && !params.days_until_due && !params.due_date)
        return invalid('Missing required param: days_until_due.', { param: 'days_until_due' })
      const problem = customFieldsProblem(params.custom_fields, 'custom_fields')
      if (problem) return invalid(problem, { param: 'custom_fields' })
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        created: now(),
        customer: customer.id,
        customer_email: customer.email,
        customer_name: customer.name,
        customer_address: customer.address,
        status: 'draft',
        collection_method: collection,
        days_until_due: params.days_until_due ?? null,
        due_date: null,
        currency: params.currency ?? 'usd',
        description: params.description ?? null,
        // As Stripe does, the customer's invoice settings are the invoice's defaults.
        custom_fields: params.custom_fields ?? customer.invoice_settings.custom_fields,
        footer: params.footer ?? customer.invoice_settings.footer,
        metadata: params.metadata ?? {},
        auto_advance: params.auto_advance ?? false,
        amount_due: 0,
        subtotal: 0,
        total: 0,
        total_excluding_tax: 0,
        lines: [],
        status_transitions: { finalized_at: null },
        sends: 0,
      }
      invoices.set(invoice.id, invoice)
      return [200, publicInvoice(invoice)]
    },
    'invoices.list': (params) =>
      page(
        '/v1/invoices',
        [...invoices.values()]
          .filter(
            (invoice) => (!params.customer || invoice.customer === params.customer) && (!params.status || invoice.status === params.status),
          )
          .map(publicInvoice),
        params,
      ),
    'invoices.retrieve': (_params, id) => (invoices.has(id) ? [200, publicInvoice(invoices.get(id))] : missing('invoice', id)),
    'invoices.lines': (params, id) =>
      invoices.has(id) ? page(`/v1/invoices/${id}/lines`, invoices.get(id).lines, params) : missing('invoice', id),
    'invoiceitems.create': (params) => {
      const invoice = invoices.get(params.invoice)
      if (!params.customer || !customers.has(params.customer)) return missing('customer', params.customer)
      if (!invoice) return missing('invoice', params.invoice)
      if (invoice.customer !== params.customer) return invalid('The invoice belongs to another customer.', { param: 'invoice' })
      if (invoice.status !== 'draft') return invalid(`Invoice ${invoice.id} is not a draft.`, { code: 'invoice_not_editable' })
      if (params.amount === undefined) return invalid('Missing required param: amount.', { param: 'amount' })
      if (params.currency && params.currency !== invoice.currency)
        return invalid('The currency must match the invoice.', { param: 'currency' })
      if (
        params.period &&
        (params.period.start === undefined || params.period.end === undefined || params.period.end < params.period.start)
      )
        return invalid('The period needs a start and an end no earlier than it.', { param: 'period' })
      const rates = params.tax_rates ?? invoice.default_tax_rates ?? []
      const unknownRate = rates.find((rate) => !taxRates.get(rate)?.active)
      if (unknownRate) return missing('tax_rate', unknownRate)
      const item = {
        id: newId('ii'),
        object: 'invoiceitem',
        amount: params.amount,
        currency: invoice.currency,
        customer: params.customer,
        invoice: invoice.id,
        date: now(),
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        period: params.period ?? { start: now(), end: now() },
        tax_rates: rates.map((rate) => taxRates.get(rate)),
      }
      invoiceItems.set(item.id, item)
      invoice.lines.push({
        id: newId('il'),
        object: 'line_item',
        amount: item.amount,
        subtotal: item.amount,
        currency: item.currency,
        description: item.description,
        invoice: invoice.id,
        // An invoice item's line carries its metadata and period.
        metadata: item.metadata,
        period: item.period,
        parent: {
          type: 'invoice_item_details',
          invoice_item_details: { invoice_item: item.id, proration: false, proration_details: null, subscription: null },
          subscription_item_details: null,
        },
        taxes: item.tax_rates.map((rate) => taxOf(item.amount, rate)),
      })
      retotal(invoice)
      return [200, item]
    },
    'invoices.finalize': (_params, id) => {
      const invoice = invoices.get(id)
      if (!invoice) return missing('invoice', id)
      if (invoice.status !== 'draft') return invalid('This invoice is already finalized, you can\u2019t re-finalize a non-draft invoice.')
      invoice.status = 'open'
      invoice.status_transitions.finalized_at = now()
      if (invoice.days_until_due !== null) invoice.due_date = now() + invoice.days_until_due * 86_400
      return [200, publicInvoice(invoice)]
    },
    // Since API version 2025-03-31 (basil) a charge names no invoice: an invoice's payments name its PaymentIntent.
    'invoicePayments.list': (params) => {
      if (params.payment && params.payment.type !== 'payment_intent' && params.payment.type !== 'payment_record')
        return invalid(`Invalid payment[type]: ${params.payment.type}`, { param: 'payment[type]' })
      const matching = invoicePayments.filter(
        (payment) =>
          (!params.invoice || payment.invoice === params.invoice) &&
          (!params.status || payment.status === params.status) &&
          (!params.payment?.payment_intent || payment.payment.payment_intent === params.payment.payment_intent),
      )
      return page('/v1/invoice_payments', matching, params)
    },
    'taxRates.retrieve': (_params, id) => (taxRates.has(id) ? [200, taxRates.get(id)] : missing('tax_rate', id)),
    'invoices.send': (_params, id) => {
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

  /** The answer kept under `key`, unless Stripe would have pruned it by now. */
  function keptUnder(key) {
    const stored = idempotent.get(key)
    if (stored && nowMs() - stored.at >= KEY_LIFETIME_MS) {
      idempotent.delete(key)
      return undefined
    }
    return stored
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
    const stored = req.method === 'POST' && key ? keptUnder(key) : undefined
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

    // A request that fails validation never starts the endpoint: Stripe keeps nothing under its key.
    const params = typed(parseForm(req.method === 'GET' ? url.search.slice(1) : raw), PARAMETERS[operation], '')
    if (params.error)
      return send(
        res,
        400,
        stripeError('invalid_request_error', params.error.message, { param: params.error.param, code: params.error.code }),
      )

    if (key) inFlight.add(key)
    const [status, body] = operations[operation](params.value, url.pathname.match(pattern)[1])
    if (key) {
      inFlight.delete(key)
      // Kept whatever the outcome, once the endpoint ran, as Stripe keeps its 4xx and 500 answers.
      if (req.method === 'POST') idempotent.set(key, { print, status, body, requestId: res.requestId, at: nowMs() })
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
    taxRates,
    /** The invoices whose metadata names this registration, as the API would show them, with how often each was sent. */
    invoicesFor: (registrationId) =>
      [...invoices.values()]
        .filter(forRegistration(registrationId))
        .map((invoice) => ({ ...publicInvoice(invoice), sends: invoice.sends })),
    customersFor: (registrationId) => [...customers.values()].filter(forRegistration(registrationId)),
    /** A tax rate, as one made in the Dashboard (Product catalogue → Tax rates). */
    addTaxRate: ({ id = newId('txr'), displayName = 'GST', percentage = 10, inclusive = false, country = 'AU' } = {}) => {
      const rate = { id, object: 'tax_rate', active: true, display_name: displayName, percentage, inclusive, country }
      taxRates.set(rate.id, rate)
      return rate
    },
    /**
     * The customer pays an open invoice (the hosted page, a card): its status becomes paid, and a
     * PaymentIntent and its charge pay it, as an invoice payment names them. `amount` defaults to what is due.
     */
    payInvoice: (invoiceId, { amount } = {}) => {
      const invoice = invoices.get(invoiceId)
      if (!invoice || invoice.status !== 'open') throw new Error(`invoice ${invoiceId} is not open`)
      const paid = amount ?? invoice.amount_due
      const paymentIntent = newId('pi')
      const charge = newId('ch')
      invoice.status = 'paid'
      invoice.amount_paid = paid
      invoice.status_transitions.paid_at = now()
      invoicePayments.push({
        id: newId('inpay'),
        object: 'invoice_payment',
        amount_paid: paid,
        amount_requested: invoice.amount_due,
        created: now(),
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: now() },
      })
      return { paymentIntent, charge, amount: paid }
    },
    /** Moves the fake's clock (object times, and the age of idempotency keys) forward. */
    advanceClock: (ms) => void (clock.aheadMs += ms),
    /** The next `count` calls of `operation` misbehave with `fault`, then it is healthy again. */
    failNext: (operation, count = 1, fault = 'http-500') =>
      void queued.set(operation, [...(queued.get(operation) ?? []), ...Array.from({ length: count }, () => fault)]),
    clear: () => {
      for (const collection of [customers, invoices, invoiceItems, taxRates, queued, idempotent, inFlight]) collection.clear()
      invoicePayments.length = 0
      requests.length = 0
      lostAnswers.length = 0
      clock.aheadMs = 0
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
