export declare function checkClientAddress(options: {
  functionsUrl: string
  secret: string
  header?: string
  fetch?: typeof fetch
}): Promise<{ ok: boolean; lines: string[] }>
