// Where the landing beacon sends a visit (src/lib/ad-visit-beacon.ts): the `ad-visits` function, or in
// mock mode its same-origin stand-in (the dev and preview servers, and MSW once it runs), as the lead
// form's native post does. The same on the server and in the browser, read from the build's settings.
export function adVisitsUrl(
  env: { VITE_MOCK_SERVICES?: string; VITE_SUPABASE_URL?: string } = {
    VITE_MOCK_SERVICES: import.meta.env.VITE_MOCK_SERVICES,
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
  },
): string {
  if (env.VITE_MOCK_SERVICES === 'true') return '/functions/v1/ad-visits'
  const base = env.VITE_SUPABASE_URL?.trim().replace(/\/+$/, '')
  return base ? `${base}/functions/v1/ad-visits` : ''
}
