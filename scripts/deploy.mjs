// `npm run deploy`: applies supabase/migrations and deploys every edge function under
// supabase/functions with the Supabase CLI from npm (devDependency `supabase`, pinned).
//   SUPABASE_PROJECT_REF=<ref> SUPABASE_ACCESS_TOKEN=<token> npm run deploy   or after `npx supabase link`
//   --dry-run   print what it would run and exit 0 (also what happens without a linked project)
// Function secrets and the Vault secrets are set once per project: docs/deploy.md.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deployCommands, functionNames, linkedProject } from './deploy/plan.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const functions = functionNames(join(root, 'supabase', 'functions'))
const project = linkedProject(root, process.env)
const log = (message) => process.stdout.write(`${message}\n`)

if (!project || process.argv.includes('--dry-run')) {
  log(
    project
      ? `[deploy] dry run for project ${project}; it would run:`
      : '[deploy] no linked project (set SUPABASE_PROJECT_REF or run `npx supabase link`); it would run:',
  )
  for (const args of deployCommands(functions, project)) log(`  supabase ${args.join(' ')}`)
  log(`[deploy] functions found in supabase/functions: ${functions.join(', ')}`)
} else {
  const cli = join(root, 'node_modules', '.bin', 'supabase')
  for (const args of deployCommands(functions, project)) {
    log(`[deploy] supabase ${args.join(' ')}`)
    const { status } = spawnSync(cli, args, { cwd: root, stdio: 'inherit' })
    if (status !== 0) {
      log(`[deploy] failed (exit ${status}); nothing after this step ran`)
      process.exit(status ?? 1)
    }
  }
  log(`[deploy] done: migrations pushed, ${functions.length} functions deployed to ${project}`)
}
