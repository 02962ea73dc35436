export type PlaceholderSetting = { name: string; value: string }
export declare function placeholderSettings(): Promise<PlaceholderSetting[]>
export declare function placeholderMessage(placeholders: PlaceholderSetting[]): string | null
