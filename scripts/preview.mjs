// `npm run preview [dir]`: serve a built site (default dist/) on http://127.0.0.1:4173.
import { startStaticServer } from './static-server.mjs'

const dir = process.argv[2] ?? 'dist'
const port = Number(process.env.PORT ?? 4173)
await startStaticServer(dir, port)
console.log(`Serving ${dir} at http://127.0.0.1:${port}/`)
