export declare function functionNames(functionsDir: string): string[]
export declare function linkedProject(root: string, env: Record<string, string | undefined>): string | undefined
export declare function deployCommands(functions: string[], projectRef?: string): string[][]
