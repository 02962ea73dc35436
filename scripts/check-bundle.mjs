// What must never reach a production bundle: MSW, the mock worker, board addresses, server-side secrets.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const FORBIDDEN = [
  /setupWorker/,
  /mockServiceWorker/,
  /api\.monday\.com/,
  /MONDAY_API_TOKEN/,
  /GOOGLE_MAPS_API_KEY/,
  /__mockRequests/,
]

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })

export function findLeaks(dir) {
  return files(dir)
    .filter((file) => /\.(js|mjs|html|css|json|map|txt)$/.test(file))
    .flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return FORBIDDEN.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern.source}`)
    })
}
