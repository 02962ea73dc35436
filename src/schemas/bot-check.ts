// The bot check's terms, shared by the widget service, the one bot check machine and the copy.

/** Where each form's token is checked: the function that acts verifies the action it was made for. */
export type TurnstileAction = 'lead' | 'check' | 'reply' | 'registration'

/**
 * What the widget gave: a token, or why none came: 'off' (no site key, nothing is checked),
 * 'blocked' (its script never loaded: a privacy extension, a network), 'failed' (it loaded, but
 * failed or gave nothing in time).
 */
export type TokenTake = { token: string } | { missing: 'off' | 'blocked' | 'failed' }
