import { positiveInt } from './positive-int.ts'

/** Reads a trimmed environment variable; blank counts as missing. */
export const env = (name: string): string | undefined => Deno.env.get(name)?.trim() || undefined

/** A positive integer from the environment, or the fallback. */
export function envInt(name: string, fallback: number): number {
  return positiveInt(env(name)) ?? fallback
}
