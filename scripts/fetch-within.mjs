// fetch() with a deadline that ends with the exchange, for the tests' and the benches' calls to
// functions and fakes.
//
// AbortSignal.timeout's timer outlives the call it guards. When it fires after the answer has come,
// Node's fetch (undici's abortFetch) cancels the request's and the answer's body streams with the
// timeout and rethrows any failure of that cancel except ERR_INVALID_STATE, where nothing can catch
// it. CI saw one as an unhandled TimeoutError in a file whose tests had all passed. Here the timer is
// cleared once the answer's body has been read, so no abort can come after the exchange.

const NULL_BODY = new Set([101, 103, 204, 205, 304])

/**
 * Like fetch(url, init), with `within` ms for the call and its answer's body. The answer comes back
 * read (a Response over the bytes read), or, with `streamed`, as it arrives, the deadline ending with
 * its last byte. `fetchImpl`: another fetch to call, as a caller may inject one.
 */
export async function fetchWithin(input, { within, streamed = false, ...init }, fetchImpl = globalThis.fetch) {
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), within)
  const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
  try {
    const res = await fetchImpl(input, { ...init, signal })
    const head = { status: res.status, statusText: res.statusText, headers: res.headers }
    if (streamed && res.body) {
      const ended = () => clearTimeout(timer)
      return new Response(res.body.pipeThrough(new TransformStream({ flush: ended })), head)
    }
    const body = await res.arrayBuffer()
    clearTimeout(timer)
    return new Response(NULL_BODY.has(res.status) ? null : body, head)
  } catch (error) {
    clearTimeout(timer)
    throw error
  }
}
