export declare const ART: string
export declare const PUBLIC: string
export declare function outlineText(textAttrs: Record<string, string>, inner: string, inherited: Record<string, string>): string
export declare function outlineSvg(svg: string): string
export declare function svgFiles(root?: string, dir?: string): string[]
