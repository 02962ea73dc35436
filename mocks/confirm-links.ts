import { checkConfirmToken, signConfirmToken } from '../supabase/functions/_shared/enterprise/confirm-link.ts'

/**
 * Offline, confirm links are signed as the function signs them (`<id>.<issued>.<HMAC>`), with this
 * fixed development secret in place of CONFIRM_LINK_SECRET: a link the stand-in did not sign is
 * refused as the real one refuses it.
 */
export const OFFLINE_CONFIRM_SECRET = 'offline-confirm-link-secret'

/** A link as the confirmation e-mail would carry it, for registration `id`, issued at `issuedAt`. */
export const offlineConfirmToken = (id: string, issuedAt = new Date()) => signConfirmToken(OFFLINE_CONFIRM_SECRET, id, issuedAt)

export const checkOfflineConfirmToken = (token: string, now = new Date()) => checkConfirmToken(OFFLINE_CONFIRM_SECRET, token, now)
