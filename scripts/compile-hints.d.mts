import type { Plugin } from 'vite'

export const COMPILE_HINT: string
export function compileHints(options: { chunks: string[] }): Plugin
