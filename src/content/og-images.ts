import type { SocialImage } from '@/lib/seo'
import { site } from '@/site'

// The social sharing image of each route family: 1200x630 PNGs drawn once by scripts/og-images.mjs
// (social crawlers do not render SVG). The alt text says what the card shows.
const brand = site.brand

export const ogImages = {
  home: { url: '/images/og/home.png', alt: `${brand}: more 5-star Google reviews, on autopilot` },
  vet: { url: '/images/og/vet.png', alt: `${brand} for veterinary practices: more 5-star reviews for your practice` },
  partner: { url: '/images/og/partner.png', alt: 'Partner offer: the business growth package for US$390 a month' },
  x18: { url: '/images/og/x18.png', alt: 'Design services: websites, branding and creative built to convert' },
  schedule: { url: '/images/og/schedule.png', alt: "Free strategy call: you're one step away" },
  enterprise: { url: '/images/og/enterprise.png', alt: `${brand} Enterprise: reputation management for every location` },
  news: { url: '/images/og/news.png', alt: `The ${brand} blog: reviews and reputation insights` },
  legal: { url: '/images/og/legal.png', alt: `${brand} legal: terms, privacy and data protection` },
} as const satisfies Record<string, SocialImage>

export type OgFamily = keyof typeof ogImages

/** The raster logo the Organization JSON-LD names (search engines want one at least 112 px each way). */
export const logoPng = '/images/og/logo.png'

/** An article's sharing image: the PNG drawn from its SVG hero ('/images/blog/x.svg' -> '/images/blog/x.png'). */
export const articleImagePng = (svg: string) => svg.replace(/\.svg$/, '.png')
