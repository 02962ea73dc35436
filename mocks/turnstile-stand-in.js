// Offline stand-in for Cloudflare Turnstile's api.js (explicit rendering), served same-origin by mock
// builds and the dev server as /turnstile-stand-in.js: the same `window.turnstile` calls, yielding
// Cloudflare's documented dummy token. Plain script: the browser loads it as the real one is loaded.
// Scenario `turnstile-blocked` (?mock=turnstile-blocked) acts as a privacy extension would: no API.
// Scenario `turnstile-challenge`: Cloudflare wants the visitor to interact, so the invisible widget
// gives nothing; drawn visibly (`appearance: 'always'`), it gives its token once its button is pressed.
;(() => {
  if (typeof window === 'undefined') return
  const scenario = sessionStorage.getItem('mock-scenario')
  if (scenario === 'turnstile-blocked') return
  const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'
  const widgets = new Map()
  let next = 0
  const give = (id) => {
    const widget = widgets.get(id)
    if (!widget) return
    widget.token = DUMMY_TOKEN
    widget.options.callback?.(DUMMY_TOKEN)
  }
  const issue = (id) => {
    // Drawn visibly, it waits for its button; under turnstile-challenge the invisible one never gives.
    if (scenario === 'turnstile-challenge' || widgets.get(id)?.options.appearance === 'always') return
    setTimeout(() => give(id), 100)
  }
  // Cloudflare's visible widget is a checkbox in an iframe; here a button the keyboard reaches.
  const drawVisible = (element, id) => {
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'Verify you are human'
    button.className = 'btn-secondary'
    button.addEventListener('click', () => {
      button.disabled = true
      button.textContent = 'Verified'
      setTimeout(() => give(id), 100)
    })
    element.append(button)
    return button
  }
  window.turnstile = {
    render(container, options) {
      const element = typeof container === 'string' ? document.querySelector(container) : container
      const id = `stand-in-${(next += 1)}`
      widgets.set(id, { options, token: undefined })
      element?.setAttribute('data-turnstile-stand-in', options.action ?? '')
      if (options.appearance === 'always' && element) widgets.get(id).button = drawVisible(element, id)
      issue(id)
      return id
    },
    reset(id) {
      const widget = widgets.get(id)
      if (!widget) return
      widget.token = undefined
      if (widget.button) {
        widget.button.disabled = false
        widget.button.textContent = 'Verify you are human'
      }
      issue(id)
    },
    remove(id) {
      widgets.get(id)?.button?.remove()
      widgets.delete(id)
    },
    getResponse: (id) => widgets.get(id)?.token,
    isExpired: () => false,
    ready: (callback) => callback(),
  }
})()
