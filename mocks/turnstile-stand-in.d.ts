// A plain browser script with no exports: it installs window.turnstile (src/services/turnstile.ts types it).
export {}
