import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server'
import { readConfig } from '@/config'
import { createServices } from '@/services/create-services'
import { createAppRouter } from '@/router'
import { loadAllDeferred } from '@/lib/deferred'
// Registers the deferred parts, so the prerender can load them before rendering.
import '@/routes/-components/deferred-parts'

export type RenderResult = { status: number; html: string; location: string | null }

/** Renders one path to a full HTML document (used by the dev server and the prerender step). */
// Built once: the prerender renders every path with the same services (no effects run on the server).
export const config = readConfig()
const services = createServices(config)

export async function render(url: string): Promise<RenderResult> {
  await loadAllDeferred()
  const request = new Request(new URL(url, 'http://localhost'))
  const handler = createRequestHandler({ request, createRouter: () => createAppRouter(services) })
  const response = await handler(defaultRenderHandler)
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

export { notFoundProbe, prerenderTargets, robotsTxt, sitemapXml } from '@/lib/prerender'
export { FEED_PATH, feedXml } from '@/lib/article-feed'
