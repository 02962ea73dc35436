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
  // Parsing and running this bundle is one task; hydration starts in the next, so neither runs long.
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
}

function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0))
}

void boot()
