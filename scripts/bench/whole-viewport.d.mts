import type { Browser, Page } from 'playwright-core'

export declare function browserChromeHeight(browser: Browser): Promise<number>
export declare function showWholeViewport(browser: Browser, page: Page): Promise<void>
