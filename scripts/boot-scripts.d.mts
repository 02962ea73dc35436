import type { Plugin } from 'vite'

export declare function bootScripts(): Plugin
