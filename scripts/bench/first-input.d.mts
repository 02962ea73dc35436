import type { BrowserContextOptions } from 'playwright-core'

export declare const PHONE: BrowserContextOptions & { viewport: { width: number; height: number } }
