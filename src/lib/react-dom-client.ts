// React DOM's client, imported by the entry after its first yield (entry-client.tsx). React DOM's
// module body runs when it is first required: imported here, it runs when this module is evaluated,
// in a task of its own, instead of in the task that evaluates the bundle, where it was the largest
// part (issue 45, docs/speed.md). This module is a chunk of its own, preloaded with the entry by
// every page (scripts/preload-links.mjs). Through it the bundle keeps only `hydrateRoot`; a dynamic
// import of 'react-dom/client' itself would keep the whole module.
export { hydrateRoot } from 'react-dom/client'
