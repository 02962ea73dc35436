// Records the SHA-256 of each migration once it is final (`npm run migrations:lock`), as Flyway's
// `validate` keeps a checksum per applied script. It only appends: a file already in the lock is
// never re-hashed, so changing a landed migration shows as a failing test (tests/db/migration-lock.test.ts),
// not as a quiet new checksum. A fix to a landed migration is a new migration.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { lockPath, migrationsDir, readLock, sha256, sqlFiles } from './migration-lock-file.mjs'

const lock = readLock()
const newest = lock.at(-1)?.file
const added = []
for (const file of sqlFiles()) {
  if (lock.some((entry) => entry.file === file)) continue
  if (newest && file < newest) {
    console.error(
      `${file} sorts before ${newest}, the newest locked migration: a database that ran that one would skip it. Give it a newer version.`,
    )
    process.exit(1)
  }
  added.push({ file, hash: sha256(readFileSync(fileURLToPath(new URL(file, migrationsDir)))) })
}
if (added.length === 0) {
  console.log('Every migration is locked.')
} else {
  const text = [...lock, ...added].map((entry) => `${entry.hash}  ${entry.file}`).join('\n') + '\n'
  writeFileSync(lockPath, text)
  for (const entry of added) console.log(`locked ${entry.file}`)
}
