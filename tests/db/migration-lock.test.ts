import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { migrationsDir, readLock, sha256, sqlFiles } from '../../scripts/migration-lock-file.mjs'

// A database that ran a migration never runs it again: an edited one leaves production and the
// tests on different schemas without a sign. supabase/migrations.lock keeps each landed file's hash.
const lock = readLock()
const bytesOf = (file: string) => readFileSync(fileURLToPath(new URL(file, migrationsDir)))

describe('landed migrations never change', () => {
  it.each(lock.map((entry) => [entry.file, entry.hash]))('%s still has its locked checksum', (file, hash) => {
    expect(sqlFiles(), `${file} was removed: write a new migration that undoes it instead`).toContain(file)
    expect(sha256(bytesOf(file)), `${file} changed after it landed: put the fix in a new migration`).toBe(hash)
  })

  it('locks every migration, in version order', () => {
    const unlocked = sqlFiles().filter((file) => !lock.some((entry) => entry.file === file))
    expect(unlocked, 'run `npm run migrations:lock` once these are final').toEqual([])
    const files = lock.map((entry) => entry.file)
    expect(files).toEqual([...files].sort())
  })
})
