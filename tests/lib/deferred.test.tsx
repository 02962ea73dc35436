import { act, useState } from 'react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot, type Root } from 'react-dom/client'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The modules keep page-level state (has the shell hydrated?), so each test loads them fresh.
async function freshModules() {
  vi.resetModules()
  const deferredModule = await import('@/lib/deferred')
  const progress = await import('@/lib/hydration-progress')
  const load = vi.fn(async () => Counter)
  const Part = deferredModule.deferred('counter', load)
  return { ...deferredModule, ...progress, load, Part }
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <form>
      <label>
        {label} <input name="name" defaultValue="" />
      </label>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        clicked {count}
      </button>
    </form>
  )
}

let idle: Array<() => void> = []
let root: Root | undefined
beforeEach(() => {
  idle = []
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
  vi.stubGlobal('cancelIdleCallback', () => {})
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  delete document.documentElement.dataset.hydrated
  vi.unstubAllGlobals()
})

const button = (container: HTMLElement) => container.querySelector('button')!
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)))

describe('deferred parts', () => {
  it('the server renders the part in full once loadAllDeferred has loaded it', async () => {
    const { Part, loadAllDeferred, load } = await freshModules()
    await loadAllDeferred()
    const html = renderToString(<Part label="Name" />)
    expect(load).toHaveBeenCalledTimes(1)
    expect(html).toContain('data-part="counter"')
    expect(html).toMatch(/clicked (<!-- -->)?0/)
  })

  it('a prerendered part keeps its HTML and loads nothing until the browser is idle, then hydrates', async () => {
    const server = await freshModules()
    await server.loadAllDeferred()
    const html = renderToString(<server.Part label="Name" />)

    const { Part, load, shellHydrated } = await freshModules()
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    await act(async () => {
      root = hydrateRoot(container, <Part label="Name" />)
    })
    shellHydrated()
    await flush()
    expect(load).not.toHaveBeenCalled()
    expect(container.querySelector('[data-part="counter"] form')).toBeInTheDocument()
    // Not hydrated: React has attached no handler to the server's button yet.
    act(() => button(container).click())
    expect(button(container)).toHaveTextContent('clicked 0')
    expect(document.documentElement.dataset.hydrated).toBeUndefined()

    await act(async () => idle.forEach((run) => run()))
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    act(() => button(container).click())
    expect(button(container)).toHaveTextContent('clicked 1')
    expect(document.documentElement.dataset.hydrated).toBe('true')
  })

  it('touching a prerendered part loads it at once, and what was typed stays', async () => {
    const server = await freshModules()
    await server.loadAllDeferred()
    const html = renderToString(<server.Part label="Name" />)

    const { Part, load, shellHydrated } = await freshModules()
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    await act(async () => {
      root = hydrateRoot(container, <Part label="Name" />)
    })
    shellHydrated()
    const input = container.querySelector('input')!
    await act(async () => {
      input.focus()
      input.value = 'Ada'
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(idle).toHaveLength(1)
    await flush()
    expect(container.querySelector('input')).toHaveValue('Ada')
    act(() => button(container).click())
    expect(button(container)).toHaveTextContent('clicked 1')
  })

  it('two copies of one part on a page (the /x18 forms) both hydrate from the one chunk', async () => {
    const server = await freshModules()
    await server.loadAllDeferred()
    const html = renderToString(
      <>
        <server.Part label="First" />
        <server.Part label="Second" />
      </>,
    )

    const { Part, load, shellHydrated } = await freshModules()
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    await act(async () => {
      root = hydrateRoot(
        container,
        <>
          <Part label="First" />
          <Part label="Second" />
        </>,
      )
    })
    shellHydrated()
    await act(async () => idle.forEach((run) => run()))
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    const [first, second] = container.querySelectorAll('button')
    act(() => second!.click())
    expect(first).toHaveTextContent('clicked 0')
    expect(second).toHaveTextContent('clicked 1')
    expect(document.documentElement.dataset.hydrated).toBe('true')
  })

  it('rendered in the browser (a client navigation) the part loads at once', async () => {
    const { Part, load, shellHydrated } = await freshModules()
    shellHydrated()
    const container = document.createElement('div')
    document.body.append(container)
    await act(async () => {
      root = createRoot(container)
      root.render(<Part label="Name" />)
    })
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(button(container)).toHaveTextContent('clicked 0')
  })

  it('a part whose chunk is already loaded renders in the same commit, with no empty fallback first', async () => {
    const { Part, loadAllDeferred, shellHydrated } = await freshModules()
    shellHydrated()
    await loadAllDeferred()
    const container = document.createElement('div')
    document.body.append(container)
    act(() => {
      root = createRoot(container)
      root.render(<Part label="Name" />)
    })
    expect(button(container)).toHaveTextContent('clicked 0')
  })

  it('a chunk that fails to load leaves the server HTML in place and still marks the page hydrated', async () => {
    const server = await freshModules()
    await server.loadAllDeferred()
    const html = renderToString(<server.Part label="Name" />)

    vi.resetModules()
    const { deferred } = await import('@/lib/deferred')
    const { shellHydrated } = await import('@/lib/hydration-progress')
    const Failing = deferred<{ label: string }>('counter', () => Promise.reject(new Error('offline')))
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    await act(async () => {
      root = hydrateRoot(container, <Failing label="Name" />)
    })
    shellHydrated()
    await act(async () => idle.forEach((run) => run()))
    await flush()
    expect(container.querySelector('[data-part="counter"] form')).toBeInTheDocument()
    expect(button(container)).toHaveTextContent('clicked 0')
    expect(document.documentElement.dataset.hydrated).toBe('true')
  })

  it('a part whose boundary hydrates after the shell still holds the page mark back until it has hydrated', async () => {
    const server = await freshModules()
    await server.loadAllDeferred()
    const html = renderToString(<server.Part label="Name" />)

    const { Part, shellHydrated } = await freshModules()
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    // The shell commits first; the part has not rendered yet (its boundary is still dehydrated).
    shellHydrated()
    expect(document.documentElement.dataset.hydrated).toBeUndefined()
    await act(async () => {
      root = hydrateRoot(container, <Part label="Name" />)
    })
    await flush()
    expect(button(container)).toHaveTextContent('clicked 0')
    expect(document.documentElement.dataset.hydrated).toBe('true')
  })
})
