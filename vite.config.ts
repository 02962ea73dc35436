import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { bootScripts } from './scripts/boot-scripts.mjs'
import { markdownContent } from './scripts/markdown-content.mjs'
import { validateContent } from './src/content/front-matter.ts'

// Articles and legal texts are Markdown rendered here, at build: no Markdown code ships to browsers.
const markdown = markdownContent({
  validate: validateContent,
  tokens: { from: '@/content/site-tokens', names: ['brand', 'email', 'phone', 'phoneHref'] },
})

// The client entry and its stylesheet keep fixed names: the root route writes them into the
// document head, and that head must render the same on the server and in the browser.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [markdown, bootScripts(), tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }), react(), tailwindcss()],
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
        rollupOptions: {
          input: 'src/entry-client.tsx',
          output: {
            entryFileNames: 'assets/app.js',
            assetFileNames: (info) => (info.names.some((n) => n.endsWith('.css')) ? 'assets/app.css' : 'assets/[name]-[hash][extname]'),
          },
        },
      },
}))
