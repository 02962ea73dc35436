// The bot check's terms, shared by the widget service, the one bot check machine and the copy.

/** Where each form's token is checked: the function that acts verifies the action it was made for. */
export type TurnstileAction = 'lead' | 'check' | 'reply' | 'registration'

/**
 * What the widget gave: a token, or why none came: 'off' (no site key, nothing is checked),
 * 'blocked' (its script never loaded: a privacy extension, a network), 'failed' (it loaded, but
 * failed or gave nothing in time).
 */
export type TokenTake = { token: string } | { missing: 'off' | 'blocked' | 'failed' }

/** How the widget is drawn: invisible unless Cloudflare asks, or visibly, for the visitor to take. */
export type WidgetAppearance = 'interaction-only' | 'always'

/** What the bot check gives the widget actor when it starts it. */
export type WidgetInput = { appearance: WidgetAppearance }

/** What the bot check tells a running widget: make a new token (the last one was taken). */
export type WidgetCommand = { type: 'widget.reset' }

/**
 * What a widget actor reports: a token, its token expired, it failed (Cloudflare's error, no slot,
 * a render that threw), its script never loaded ('blocked'), or there is no widget at all ('off').
 */
export type WidgetEvent =
  | { type: 'widget.token'; token: string }
  | { type: 'widget.expired' }
  | { type: 'widget.failed' }
  | { type: 'widget.blocked' }
  | { type: 'widget.off' }
