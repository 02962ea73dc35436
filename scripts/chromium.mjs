// How every browser run here starts Chromium: Debian's build when present (Playwright's own
// download is not possible on these machines), headless without a GPU or background traffic.
import { existsSync } from 'node:fs'

export const chromiumExecutable = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
]
