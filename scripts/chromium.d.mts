export declare const chromiumExecutable: string | undefined
export declare const CHROMIUM_ARGS: string[]
