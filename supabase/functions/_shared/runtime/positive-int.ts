/** A setting's text as a positive integer; undefined when unset or anything else. */
export function positiveInt(raw: string | undefined): number | undefined {
  const value = Number(raw)
  return raw !== undefined && Number.isInteger(value) && value > 0 ? value : undefined
}
