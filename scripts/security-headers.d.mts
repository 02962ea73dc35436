export type HeadersConfig = {
  supabaseUrl: string
  calOrigin?: string
  gtagId?: string
  vetVideoUrl?: string
  turnstileSiteKey?: string
  mockServices?: boolean
}
export declare const COMMON_HEADERS: Record<string, string>
export declare function allowedOrigins(config: HeadersConfig): Record<'script' | 'connect' | 'img' | 'frame' | 'media' | 'form', string[]>
export declare function contentSecurityPolicy(config: HeadersConfig, scriptHashes: string[], options?: { meta?: boolean }): string
export declare function inlineScriptHashes(html: string): string[]
export declare function writeSecurityHeaders(outDir: string, config: HeadersConfig): void
export declare function headersFor(headersFile: string, pathname: string): Record<string, string>
