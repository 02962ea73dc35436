import * as v from 'valibot'

/**
 * Content checked against its schema where the site is built: the server render (the prerender, the
 * dev server) and the tests parse it, and a bad entry stops the build. The browser ships the data as
 * written, without the schemas or valibot (issue 45): call it as
 * `checked(import.meta.env.SSR && Schema, data)`, so the client build drops the schema with the
 * condition. The data must be what the schema outputs (no trim or default left to do), or the
 * browser's copy would differ from the server's and hydration would not match: that fails here too.
 */
export function checked<const S extends v.GenericSchema>(schema: S | false, data: v.InferInput<S>): v.InferOutput<S> {
  if (!import.meta.env.SSR || !schema) return data as v.InferOutput<S>
  const output = v.parse(schema, data)
  if (!sameData(output, data)) throw new Error(`content is not as its schema outputs it: ${JSON.stringify(data).slice(0, 120)}`)
  return output
}

/** Deep equality of plain data (key order aside: an object schema's output follows its own order). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  return keysA.length === keysB.length && keysA.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}
