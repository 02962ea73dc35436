// Offline stand-in for Cloudflare Turnstile's api.js (explicit rendering), served same-origin by mock
// builds and the dev server as /turnstile-stand-in.js: the same `window.turnstile` calls, yielding
// Cloudflare's documented dummy token. Plain script: the browser loads it as the real one is loaded.
// Scenario `turnstile-blocked` (?mock=turnstile-blocked) acts as a privacy extension would: no API.
;(() => {
  if (typeof window === 'undefined') return
  if (sessionStorage.getItem('mock-scenario') === 'turnstile-blocked') return
  const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'
  const widgets = new Map()
  let next = 0
  const issue = (id) =>
    setTimeout(() => {
      const widget = widgets.get(id)
      if (!widget) return
      widget.token = DUMMY_TOKEN
      widget.options.callback?.(DUMMY_TOKEN)
    }, 100)
  window.turnstile = {
    render(container, options) {
      const element = typeof container === 'string' ? document.querySelector(container) : container
      const id = `stand-in-${(next += 1)}`
      widgets.set(id, { options, token: undefined })
      element?.setAttribute('data-turnstile-stand-in', options.action ?? '')
      issue(id)
      return id
    },
    reset(id) {
      const widget = widgets.get(id)
      if (!widget) return
      widget.token = undefined
      issue(id)
    },
    remove(id) {
      widgets.delete(id)
    },
    getResponse: (id) => widgets.get(id)?.token,
    isExpired: () => false,
    ready: (callback) => callback(),
  }
})()
