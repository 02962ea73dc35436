import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { DEFAULT_CLIENT_ADDRESS_HEADER } from '../_shared/limits/client-address.ts'
import { serve } from '../_shared/http/serve.ts'
import { turnstileVerifier } from '../_shared/turnstile/settings.ts'
import { createRegisterHandler } from './handler.ts'
import { pgRegistrationRecorder } from './record.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2, statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 5_000) }) : undefined
if (!sql) consoleLogger.error('SUPABASE_DB_URL is not set: registrations are refused')

serve(
  createRegisterHandler({
    allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
    logger: consoleLogger,
    recorder: sql && pgRegistrationRecorder(sql),
    verifier: turnstileVerifier(sql, consoleLogger),
    addressHeader: (env('CLIENT_ADDRESS_HEADER') ?? DEFAULT_CLIENT_ADDRESS_HEADER).toLowerCase(),
  }),
)
