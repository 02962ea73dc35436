import './styles.css'
import { startTransition, StrictMode } from 'react'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { readConfig } from '@/config'
import { createServices, type Services } from '@/services/create-services'
import { createAppRouter } from '@/router'
import { enableInspector } from '@/lib/inspector'
import { reportWebVitals } from '@/lib/web-vitals'

async function boot() {
  // Evaluating the bundle, React DOM's module body (the largest part of it, loaded by the step
  // below), building the services, building the router (route tree, location) and starting
  // hydration each get a task of their own, with a yield to input between them, so a keystroke typed
  // meanwhile waits for one short task at most (issue 45).
  await yieldToMain()
  const { hydrateRoot } = await import('@/lib/react-dom-client')
  await yieldToMain()
  const config = readConfig()
  let overrides: Partial<Services> = {}
  // A direct, statically analysable check: in a live build the branch and all of MSW are dropped.
  if (import.meta.env.VITE_MOCK_SERVICES === 'true') {
    const { startMockBrowser } = await import('@mocks/start-browser')
    overrides = await startMockBrowser(config)
  }
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) await enableInspector()
  const services = createServices(config, overrides)
  await yieldToMain()
  const router = createAppRouter(services)
  await yieldToMain()
  // The boot requests the script at the first paint, so it may run while the document is still being
  // parsed; hydration needs all of it (and the held-clicks boot, which closes the body, has run then).
  await documentParsed()
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task; a visitor's input still goes first (React hydrates what is touched at once).
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
    )
  })
  await yieldToMain()
  reportWebVitals(services.analytics)
  // The cookie banner (where it opens at once) loads when the hydrated page is idle: never the LCP.
  services.consent.start()
}

function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve()
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
}

/** `scheduler.yield` where the browser has it; else a message task, which setTimeout's 4 ms clamp does not delay. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

void boot()
