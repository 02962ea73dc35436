import { bodyType, FORM_TYPE, JSON_TYPE, unsupportedMediaType } from '../supabase/functions/_shared/http/http.ts'

/**
 * The functions' own 415 (supabase/functions/_shared/http/http.ts) for a body that is not JSON, so an
 * offline tester sees what the real function answers. The lead function also names the form type.
 */
export const unsupportedType = (request: Request, accepted: 'json' | 'json-or-form' = 'json'): Response | undefined =>
  bodyType(request) === 'json' ? undefined : unsupportedMediaType(accepted === 'json' ? [JSON_TYPE] : [JSON_TYPE, FORM_TYPE])
