import type { AlertConfig } from '../alerts/config.ts'
import type { Sql } from '../runtime/db.ts'
import type { Logger } from '../runtime/logger.ts'
import { drainNotifications } from './drain-notifications.ts'
import { renderers } from './kinds.ts'
import { pgNotifications } from './pg-notifications.ts'
import { notifySettings } from './settings.ts'

/**
 * What a Cron-called worker runs at the end of every run: sends the due notifications with the
 * function's alert channels and the NOTIFY_* settings. Never throws (a worker's run goes on).
 */
export function notificationsWorker(
  sql: Sql,
  alerting: Pick<AlertConfig, 'channels' | 'opsChannels'>,
  logger: Logger,
  now = () => new Date(),
) {
  const { leaseMs, backoff } = notifySettings()
  const store = pgNotifications(sql)
  return () =>
    drainNotifications({
      store,
      channels: { sales: alerting.channels, ops: alerting.opsChannels },
      renderers,
      backoff,
      leaseMs,
      now,
      logger,
    }).catch((error: unknown) => {
      logger.error('notifications not sent; tried again next run', { message: String(error) })
      return undefined
    })
}
