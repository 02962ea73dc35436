import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every prerendered page of a build, as its path relative to the output folder. */
export function prerenderedPages(out: string): string[] {
  const pages: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'assets' && !entry.name.startsWith('.')) walk(join(dir, entry.name))
      else if (entry.isFile() && entry.name.endsWith('.html')) pages.push(relative(out, join(dir, entry.name)))
    }
  }
  walk(out)
  return pages.sort()
}

export type FormTag = { page: string; tag: string; method?: string; action?: string }

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

/** The opening `<form>` tags of every prerendered page. */
export function formsOf(out: string): FormTag[] {
  return prerenderedPages(out).flatMap((page) =>
    [...readFileSync(join(out, page), 'utf8').matchAll(/<form\b[^>]*>/g)].map(([tag]) => ({
      page,
      tag,
      method: attribute(tag, 'method'),
      action: attribute(tag, 'action'),
    })),
  )
}

/** Forms a browser would submit as a GET (or to nowhere): no `method="post"` or no real action. */
export const formsThatWouldGet = (forms: FormTag[]) =>
  forms.filter((form) => form.method?.toLowerCase() !== 'post' || !form.action || form.action === '#')
