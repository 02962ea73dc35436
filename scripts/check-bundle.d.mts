export declare const FORBIDDEN: RegExp[]
export declare function findLeaks(dir: string): string[]
