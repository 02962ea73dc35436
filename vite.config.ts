import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { bootScripts } from './scripts/boot-scripts.mjs'
import { compileHints } from './scripts/compile-hints.mjs'
import { markdownContent } from './scripts/markdown-content.mjs'
import { validateContent } from './src/content/front-matter.ts'

// Articles and legal texts are Markdown rendered here, at build: no Markdown code ships to browsers.
const markdown = markdownContent({
  validate: validateContent,
  tokens: { from: '@/content/site-tokens', names: ['brand', 'email', 'phone', 'phoneHref'] },
})

// Every valibot function the site calls but the parsers (parse, safeParse, getDotPath): they build schemas.
const VALIBOT_BUILDERS = (
  'array boolean check fallback integer isoDate length literal maxLength maxValue minLength minValue nonEmpty nullable number object ' +
  'optional parseJson picklist pipe regex startsWith strictObject string toLowerCase transform trim union unknown url uuid variant'
)
  .split(' ')
  .map((name) => `v.${name}`)

// The client entry and its stylesheet keep fixed names: the root route writes them into the
// document head, and that head must render the same on the server and in the browser.
/** The chunk of the framework every page hydrates with; V8 compiles it eagerly (scripts/compile-hints.mjs). */
const FRAMEWORK_CHUNK = 'framework'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    markdown,
    bootScripts(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [compileHints({ chunks: [FRAMEWORK_CHUNK] })]),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist-server', ssr: 'src/entry-server.tsx', emptyOutDir: true }
    : {
        manifest: true,
        // No preload helper around dynamic imports: the page's own modules are preloaded by its boot
        // (src/lib/paint-first.ts), and the helper's DOM work on every lazy import was a long task on
        // a slow phone. A lazy chunk's imports load once the chunk has arrived.
        modulePreload: false,
        // One stylesheet, loaded by the document: no lazy chunk lists it, so no preload helper ships.
        cssCodeSplit: false,
        rollupOptions: {
          input: 'src/entry-client.tsx',
          // valibot's schema builders are pure: content schemas the browser never parses (they are
          // checked where the site is built, src/content/checked.ts) leave its script with valibot.
          treeshake: { manualPureFunctions: VALIBOT_BUILDERS },
          output: {
            entryFileNames: 'assets/app.js',
            // The framework every page hydrates with, in one chunk instead of about ten small ones
            // that each cost a request, a task and their own gzip window (issue 45).
            codeSplitting: {
              groups: [{ name: FRAMEWORK_CHUNK, test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/ }],
            },
            assetFileNames: (info) => (info.names.some((n) => n.endsWith('.css')) ? 'assets/app.css' : 'assets/[name]-[hash][extname]'),
          },
        },
      },
}))
