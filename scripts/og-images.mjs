// `node scripts/og-images.mjs`: draws the social sharing images (1200x630 PNG) once, to commit.
// Social crawlers do not render SVG, so each route family gets a PNG card and each article a PNG of
// its SVG hero. Run it again after changing an article's SVG or a family's text; the unit tests
// (tests/build/og-images.test.ts) check that every image exists, has the right size and stays small.
// The alt texts live with the page table (src/content/og-images.ts); keep the two in step.
import { readFileSync, readdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium.mjs'

const root = new URL('../public/images/', import.meta.url)
const logoOnDark = readFileSync(new URL('logo-on-dark.svg', root), 'utf8')
const logo = readFileSync(new URL('logo.svg', root), 'utf8')

/** One card per route family: eyebrow, headline, and a line under it. */
const families = {
  home: ['Reputation management', 'More 5-star Google reviews, on autopilot', 'SMS review requests, AI replies, widgets and reporting'],
  vet: ['For veterinary practices', 'More 5-star reviews for your practice', 'Trusted by 50+ veterinary practices'],
  partner: ['Partner offer', 'The business growth package for US$390 a month', 'An exclusive saving of US$210 every month'],
  x18: ['Design services', 'Websites, branding and creative built to convert', 'From the team trusted by 99+ happy clients'],
  schedule: ['Free strategy call', "You're one step away", 'Pick a time with our reputation specialists'],
  enterprise: ['Enterprise', 'Reputation management for every location', 'Dedicated account manager and 24/7 priority support'],
  news: ['Blog', 'Reviews and reputation insights', 'Practical guides for local businesses'],
  legal: ['Legal', 'Terms, privacy and data protection', 'How we work with you and your data'],
}

const escape = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')

const card = ([eyebrow, headline, line]) => `<!doctype html><html><body style="margin:0">
<div style="position:relative;overflow:hidden;box-sizing:border-box;width:1200px;height:630px;padding:72px 80px;display:flex;
  flex-direction:column;justify-content:space-between;background:#1b3672;color:#fff;font-family:'DejaVu Sans',Arial,sans-serif">
  <div style="position:absolute;right:-140px;top:-160px;width:520px;height:520px;border-radius:50%;background:#1f5ae0"></div>
  <div style="position:absolute;right:140px;bottom:-220px;width:360px;height:360px;border-radius:50%;background:#1a47b8"></div>
  <div style="position:relative;width:360px;height:80px">${logoOnDark.replace('<svg ', '<svg style="width:360px;height:80px" ')}</div>
  <div style="position:relative">
    <div style="font-size:30px;font-weight:700;letter-spacing:2px;text-transform:uppercase;color:#fbbf24">${escape(eyebrow)}</div>
    <div style="margin-top:20px;font-size:64px;font-weight:800;line-height:1.1;max-width:1000px">${escape(headline)}</div>
    <div style="margin-top:24px;font-size:32px;color:#d9eaff">${escape(line)}</div>
  </div>
</div></body></html>`

const svgPage = (svg, width, height) =>
  `<!doctype html><html><body style="margin:0">${svg.replace('<svg ', `<svg style="display:block;width:${width}px;height:${height}px" `)}</body></html>`

const browser = await chromium.launch({ executablePath: chromiumExecutable, args: CHROMIUM_ARGS })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
const shoot = async (html, file, clip = { x: 0, y: 0, width: 1200, height: 630 }) => {
  await page.setContent(html)
  await page.screenshot({ path: new URL(file, root).pathname, clip })
  console.log(`wrote public/images/${file}`)
}

for (const [family, text] of Object.entries(families)) await shoot(card(text), `og/${family}.png`)
for (const file of readdirSync(new URL('blog/', root)).filter((name) => name.endsWith('.svg'))) {
  await shoot(svgPage(readFileSync(new URL(`blog/${file}`, root), 'utf8'), 1200, 630), `blog/${file.replace(/\.svg$/, '.png')}`)
}
// A raster logo for the Organization JSON-LD (search engines want at least 112 px each way).
await shoot(svgPage(logo, 720, 160), 'og/logo.png', { x: 0, y: 0, width: 720, height: 160 })
await browser.close()
