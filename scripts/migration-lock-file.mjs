// The lock of landed migrations: `<sha256>  <file>` per line, in `sha256sum -c` form.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const migrationsDir = new URL('../supabase/migrations/', import.meta.url)
export const lockPath = fileURLToPath(new URL('../supabase/migrations.lock', import.meta.url))

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex')

export const sqlFiles = () =>
  readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()

export function readLock() {
  if (!existsSync(lockPath)) return []
  return readFileSync(lockPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, file] = line.split(/\s+/)
      return { hash, file }
    })
}
