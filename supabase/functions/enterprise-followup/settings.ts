import { workerNames, workerSettings, type WorkerSettings } from '../_shared/outbox/worker-settings.ts'
import { FOLLOWUP_TIMING } from './timing.ts'

/**
 * enterprise-followup's own lease and backoff: ENTERPRISE_LEASE_MS (90 s), ENTERPRISE_BACKOFF_BASE_MS
 * (30 s) doubling to ENTERPRISE_BACKOFF_MAX_MS (1 h), ENTERPRISE_MAX_ATTEMPTS (10). It read the
 * leads' names before (CLAIM_LEASE_MS set both leases); it reads none of them now.
 */
export function followupWorker(read: (name: string) => string | undefined): WorkerSettings {
  return workerSettings(read, { names: workerNames('ENTERPRISE'), leaseMs: FOLLOWUP_TIMING.leaseMs })
}
