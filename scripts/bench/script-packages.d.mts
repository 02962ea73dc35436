export declare function packageOf(source: string): string
export declare function scriptShares(
  code: string,
  map: { sources: (string | null)[]; mappings: string },
  resolveSource?: (source: string) => string,
): Record<string, number>
export declare function writeScriptPackages(dist: string): void
export declare function readScriptPackages(dist: string): Record<string, Record<string, number>> | null
export declare function bytesByPackage(
  scripts: { name: string; bytes: number }[],
  sharesByScript: Record<string, Record<string, number>> | null,
): { name: string; bytes: number }[]
