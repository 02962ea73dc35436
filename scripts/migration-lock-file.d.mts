export const migrationsDir: URL
export const lockPath: string
export function sha256(bytes: string | Uint8Array): string
export function sqlFiles(): string[]
export function readLock(): { hash: string; file: string }[]
