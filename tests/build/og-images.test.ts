import { readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { articleImagePng, logoPng, ogImages } from '@/content/og-images'
import { articles } from '@/content/articles'

const publicFile = (url: string) => new URL(`../../public${url}`, import.meta.url)

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: URL) {
  const bytes = readFileSync(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

// The images are drawn once by scripts/og-images.mjs and committed: social crawlers do not render SVG.
describe('social sharing images', () => {
  const images = [...Object.values(ogImages).map((image) => image.url), ...articles.map((article) => articleImagePng(article.image))]

  it.each(images)('%s is a 1200x630 PNG under 100 KB', (url) => {
    expect(pngSize(publicFile(url))).toEqual({ width: 1200, height: 630 })
    expect(statSync(publicFile(url)).size).toBeLessThan(100_000)
  })

  it('includes a raster logo large enough for search engines', () => {
    const { width, height } = pngSize(publicFile(logoPng))
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(112)
  })
})
