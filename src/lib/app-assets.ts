// The client entry and stylesheet the document loads. Names are fixed at build (vite.config.ts) so
// the server-rendered head and the hydrating client agree on them.
export const appAssets = import.meta.env.DEV
  ? { stylesheet: '/src/styles.css', script: '/src/entry-client.tsx' }
  : { stylesheet: '/assets/app.css', script: '/assets/app.js' }
