export declare const PASS_SECRET: string
export declare const FAIL_SECRET: string
export declare const SPENT_SECRET: string
export declare const DUMMY_TOKEN: string
export declare const FAKE_SECRET: string
export declare const FAKE_HOSTNAME: string

export type SiteverifyRequest = { contentType: string; fields: Record<string, string> }

export interface FakeSiteverify {
  url: string
  /** A token as the widget would get it on `hostname` for `action`, solved `ageMs` ago. */
  issue(options: { action: string; hostname?: string; ageMs?: number }): string
  requests: SiteverifyRequest[]
  /** 'down': every request answers 500 until set back to 'up'. */
  mode: 'up' | 'down'
  stop(): Promise<void>
}

export declare function startFakeSiteverify(): Promise<FakeSiteverify>
