import type { TurnstileAction } from '../schemas/bot-check.ts'

/** What a form says when its bot check gave no token: the check shown, and the way on for each form. */
export const botCheckCopy = {
  showing: 'We could not confirm that you are a person. Please complete the check below.',
  failed: 'The check did not work. Please try it again.',
  retry: 'Try the check again',
  skip: 'Send without the check',
} as const

/** What sending without the check means, for the forms whose function takes it (as unverified). */
export const skipMeans: Partial<Record<TurnstileAction, string>> = {
  registration: 'If you send it without the check, we keep your registration but send no e-mail: your account manager calls you instead.',
  lead: 'If you send it without the check, we keep your details, and a person looks at them before we call.',
}
