import './styles.css'
import { yieldToMain } from '@/lib/yield-to-main'

// The page's modules are already loading (its boot preloads them, src/lib/paint-first.ts), but a
// static import graph runs as one task: React DOM, the router and the app together were a long task
// on a slow phone. Imported in stages with a yield between them, each stage is a task of its own.
async function boot() {
  await import('react-dom/client')
  await yieldToMain()
  const { start } = await import('./app-start')
  await start()
}

void boot()
