import type { Sql } from '../runtime/db.ts'
import { env, envInt } from '../runtime/env.ts'
import { DEFAULT_CLIENT_ADDRESS_HEADER, DEFAULT_SHARED_FACTOR, pgClientAddressKey } from './client-address.ts'

/** CLIENT_ADDRESS_HEADER and RATE_LIMIT_SHARED_FACTOR, for every limiter of a function. */
export const clientAddressSettings = (sql: Sql) => ({
  addressKey: pgClientAddressKey(sql, env('CLIENT_ADDRESS_HEADER') ?? DEFAULT_CLIENT_ADDRESS_HEADER),
  sharedFactor: envInt('RATE_LIMIT_SHARED_FACTOR', DEFAULT_SHARED_FACTOR),
})
