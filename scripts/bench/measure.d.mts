import type { BrowserContextOptions } from 'playwright-core'

export declare const PHONE: BrowserContextOptions & { viewport: { width: number; height: number } }
export declare const CPU_SLOWDOWN: number
export declare const NETWORK: { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number }
export declare function measureLoad(browser: unknown, url: string, options?: { blockScripts?: boolean }): Promise<Record<string, unknown>>
export declare function transferSummary(...args: unknown[]): unknown
