import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, headersFor, inlineScriptHashes } from '../../scripts/security-headers.mjs'

const sha = (text: string) => createHash('sha256').update(text).digest('base64')
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))

describe('inline script hashes', () => {
  it('hashes each executable inline script once, and skips external scripts and JSON data blocks', () => {
    const html = [
      '<script type="module" src="/assets/app.js"></script>',
      '<script>self.$_TSR={}</script>',
      '<script data-tsr-stream-part="">document.currentScript.remove()</script>',
      '<script>self.$_TSR={}</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([sha('self.$_TSR={}'), sha('document.currentScript.remove()')])
  })
})

describe('content security policy', () => {
  const live = {
    supabaseUrl: 'https://abc.supabase.co/',
    calOrigin: 'https://cal.example.com',
    gtagId: 'G-1',
    vetVideoUrl: 'https://cdn.example.com/v.mp4',
  }

  it('allows scripts only from the site, the page hashes and the configured tags, never unsafe-inline', () => {
    const csp = contentSecurityPolicy(live, ['abc='])
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'sha256-abc=' https://cal.example.com https://www.googletagmanager.com")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(directive(csp, 'connect-src')).toContain('https://abc.supabase.co')
    expect(directive(csp, 'media-src')).toBe("media-src 'self' https://cdn.example.com")
    expect(directive(csp, 'frame-src')).toBe('frame-src https://cal.example.com')
    expect(directive(csp, 'form-action')).toBe("form-action 'self' https://abc.supabase.co")
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('names no third party that is not configured, and leaves frame-ancestors out of a meta policy', () => {
    const csp = contentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co' }, [], { meta: true })
    expect(directive(csp, 'script-src')).toBe("script-src 'self'")
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'")
    expect(csp).not.toContain('googletagmanager')
    expect(csp).not.toContain('frame-ancestors')
  })
})

describe('content security policy for the bot check (Turnstile)', () => {
  const supabaseUrl = 'https://abc.supabase.co'

  it('lets a live build with a site key load Cloudflare Turnstile in script-src and frame-src, and nothing else of it', () => {
    const csp = contentSecurityPolicy({ supabaseUrl, turnstileSiteKey: '0x4AAAAAAA', mockServices: false }, [])
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://challenges.cloudflare.com")
    expect(directive(csp, 'frame-src')).toBe('frame-src https://challenges.cloudflare.com')
    expect(directive(csp, 'connect-src')).not.toContain('cloudflare')
    expect(directive(csp, 'img-src')).not.toContain('cloudflare')
  })

  it('names Cloudflare nowhere without a site key, nor in a mock build, whose same-origin stand-in self already allows', () => {
    for (const config of [{ supabaseUrl }, { supabaseUrl, turnstileSiteKey: '1x00000000000000000000BB', mockServices: true }]) {
      const csp = contentSecurityPolicy(config, [])
      expect(csp).not.toContain('cloudflare')
      expect(directive(csp, 'script-src')).toBe("script-src 'self'")
      expect(directive(csp, 'frame-src')).toBe("frame-src 'none'")
    }
  })
})

describe('_headers rules', () => {
  const file = '/*\n  X-Content-Type-Options: nosniff\n\n/vet\n  Content-Security-Policy: a\n\n/vet/\n  Content-Security-Policy: b\n'
  it('gives a path the headers of every rule that matches it', () => {
    expect(headersFor(file, '/vet')).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': 'a' })
    expect(headersFor(file, '/vet/')).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': 'b' })
    expect(headersFor(file, '/assets/app.js')).toEqual({ 'X-Content-Type-Options': 'nosniff' })
  })
})
