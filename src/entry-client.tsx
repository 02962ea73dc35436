import './styles.css'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { readConfig } from '@/config'
import { createServices, type Services } from '@/services/create-services'
import { createAppRouter } from '@/router'
import { enableInspector } from '@/lib/inspector'
import { reportWebVitals } from '@/lib/web-vitals'

async function boot() {
  // Evaluating the bundle is one task, building the services and the router (route tree, location)
  // the next, and hydration starts in the one after: each is short, none a long task.
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
  const router = createAppRouter(services)
  await yieldToMain()
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
  reportWebVitals(services.analytics)
  // The cookie banner (where it opens at once) loads when the hydrated page is idle: never the LCP.
  services.consent.start()
}

function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0))
}

void boot()
