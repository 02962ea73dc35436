import * as v from 'valibot'

// The schemas are built when parsed, which happens on the server only (readConfig): none of them, and
// no valibot, is in the browser's script (issue 45).
const optionalUrl = () => v.optional(v.pipe(v.string(), v.url()))

const mediaUrlSchema = () =>
  v.union([v.pipe(v.string(), v.url()), v.pipe(v.string(), v.regex(/^\/[^/]/))], 'VITE_VET_VIDEO_URL must be a URL or a path')

/** Consent Mode v2 outside the regions where the law asks first (those are always denied), and who sees the banner at once. */
const consentSchema = () =>
  v.object({
    fallback: v.optional(v.picklist(['granted', 'denied'], 'VITE_CONSENT_DEFAULT must be granted or denied'), 'granted'),
    banner: v.optional(v.picklist(['auto', 'always'], 'VITE_CONSENT_BANNER must be auto or always'), 'auto'),
  })
export type ConsentConfig = v.InferOutput<ReturnType<typeof consentSchema>>

const configSchema = () => {
  const LiveSchema = v.object({
    mockServices: v.literal(false),
    supabaseUrl: v.pipe(v.string('VITE_SUPABASE_URL is missing'), v.url('VITE_SUPABASE_URL must be a URL')),
    supabaseAnonKey: v.pipe(v.string('VITE_SUPABASE_ANON_KEY is missing'), v.minLength(1, 'VITE_SUPABASE_ANON_KEY is empty')),
    calOrigin: optionalUrl(),
    calLink: v.optional(v.string()),
    gtagId: v.optional(v.string()),
    gadsConversion: v.optional(v.string()),
    siteUrl: optionalUrl(),
    vetVideoUrl: v.optional(mediaUrlSchema()),
    /** Cloudflare Turnstile's public site key; unset, no widget loads and the forms send no token. */
    turnstileSiteKey: v.optional(v.string()),
    consent: consentSchema(),
  })

  const MockSchema = v.object({
    ...LiveSchema.entries,
    mockServices: v.literal(true),
    supabaseUrl: v.pipe(v.string(), v.url()),
    supabaseAnonKey: v.string(),
  })

  return v.variant('mockServices', [LiveSchema, MockSchema])
}
export type Config = v.InferOutput<ReturnType<typeof configSchema>>

/** Cloudflare's documented test site key that always passes, invisibly: mock mode's default. */
export const TURNSTILE_TEST_SITE_KEY = '1x00000000000000000000BB'

/** Where mock mode pretends the hosted database lives; MSW answers every call to it. */
export const MOCK_SUPABASE_URL = 'https://mock-project.supabase.co'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid site configuration:\n- ${problems.join('\n- ')}\nSee .env.example.`)
    this.name = 'ConfigError'
  }
}

type RawEnv = Record<string, string | boolean | undefined>
const blankToUndefined = (value: string | boolean | undefined) => {
  const text = value === undefined ? '' : String(value).trim()
  return text === '' ? undefined : text
}

/** The settings as written, with mock mode's stand-ins and the consent defaults: what the schema checks. */
function rawConfig(env: RawEnv) {
  const mockServices = blankToUndefined(env.VITE_MOCK_SERVICES) === 'true'
  return {
    mockServices,
    supabaseUrl: blankToUndefined(env.VITE_SUPABASE_URL) ?? (mockServices ? MOCK_SUPABASE_URL : undefined),
    supabaseAnonKey: blankToUndefined(env.VITE_SUPABASE_ANON_KEY) ?? (mockServices ? 'mock-anon-key' : undefined),
    calOrigin: blankToUndefined(env.VITE_CAL_ORIGIN),
    calLink: blankToUndefined(env.VITE_CAL_LINK),
    gtagId: blankToUndefined(env.VITE_GTAG_ID),
    gadsConversion: blankToUndefined(env.VITE_GADS_CONVERSION),
    siteUrl: blankToUndefined(env.VITE_SITE_URL),
    vetVideoUrl: blankToUndefined(env.VITE_VET_VIDEO_URL),
    turnstileSiteKey: blankToUndefined(env.VITE_TURNSTILE_SITE_KEY) ?? (mockServices ? TURNSTILE_TEST_SITE_KEY : undefined),
    consent: rawConsent(env),
  }
}

export function parseConfig(env: RawEnv): Config {
  const result = v.safeParse(configSchema(), rawConfig(env))
  if (!result.success) throw new ConfigError(result.issues.map((issue) => issue.message))
  return result.output
}

/**
 * Each variable is read explicitly so Vite can inline it and tree-shake what mock mode adds. The
 * settings are built into the bundle, so the server render (the prerender, the dev server) is where
 * they are checked, and a bad one stops the build; the browser takes them as written, without
 * valibot in its script (issue 45).
 */
export function readConfig(): Config {
  const env: RawEnv = {
    VITE_MOCK_SERVICES: import.meta.env.VITE_MOCK_SERVICES,
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
    VITE_CAL_ORIGIN: import.meta.env.VITE_CAL_ORIGIN,
    VITE_CAL_LINK: import.meta.env.VITE_CAL_LINK,
    VITE_GTAG_ID: import.meta.env.VITE_GTAG_ID,
    VITE_GADS_CONVERSION: import.meta.env.VITE_GADS_CONVERSION,
    VITE_SITE_URL: import.meta.env.VITE_SITE_URL,
    VITE_VET_VIDEO_URL: import.meta.env.VITE_VET_VIDEO_URL,
    VITE_TURNSTILE_SITE_KEY: import.meta.env.VITE_TURNSTILE_SITE_KEY,
    ...consentEnv(),
  }
  return import.meta.env.SSR ? parseConfig(env) : (rawConfig(env) as Config)
}

// The schema's defaults, written here too so the browser's unchecked settings carry them.
const rawConsent = (env: RawEnv) => ({
  fallback: blankToUndefined(env.VITE_CONSENT_DEFAULT) ?? 'granted',
  banner: blankToUndefined(env.VITE_CONSENT_BANNER) ?? 'auto',
})
const consentEnv = (): RawEnv => ({
  VITE_CONSENT_DEFAULT: import.meta.env.VITE_CONSENT_DEFAULT,
  VITE_CONSENT_BANNER: import.meta.env.VITE_CONSENT_BANNER,
})

/**
 * The consent settings alone, for the document head's inline bootstrap, which runs before any
 * service exists (and must render the same on the server and in the browser).
 */
export function readConsentConfig(env: RawEnv = consentEnv()): ConsentConfig {
  const result = v.safeParse(consentSchema(), rawConsent(env))
  if (!result.success) throw new ConfigError(result.issues.map((issue) => issue.message))
  return result.output
}

/** The consent settings built in, for the head's bootstrap: checked on the server only, as readConfig's. */
export const builtConsentConfig = (): ConsentConfig =>
  import.meta.env.SSR ? readConsentConfig() : (rawConsent(consentEnv()) as ConsentConfig)

/**
 * The veterinary video's URL alone, for the page that shows it (it needs none of the services'
 * config). Undefined when unset: the page then uses its local clip.
 */
export function readVetVideoUrl(env: RawEnv = { VITE_VET_VIDEO_URL: import.meta.env.VITE_VET_VIDEO_URL }): string | undefined {
  const value = blankToUndefined(env.VITE_VET_VIDEO_URL)
  if (value === undefined || !import.meta.env.SSR) return value
  return v.parse(mediaUrlSchema(), value)
}
