// What `npm run deploy` runs: found on disk, never listed by hand, so a new function is deployed
// the day its folder exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Every edge function: a folder of `functionsDir` with an `index.ts`, bar `_shared` and other `_`/`.` folders. */
export function functionNames(functionsDir) {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name) && existsSync(join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort()
}

/**
 * The project to deploy to: SUPABASE_PROJECT_REF (or the CLI's own SUPABASE_PROJECT_ID), else the
 * one `npx supabase link` recorded under supabase/.temp; undefined when there is none.
 */
export function linkedProject(root, env) {
  const fromEnv = env.SUPABASE_PROJECT_REF || env.SUPABASE_PROJECT_ID
  if (fromEnv) return fromEnv
  const temp = join(root, 'supabase', '.temp')
  const refFile = join(temp, 'project-ref')
  if (existsSync(refFile)) return readFileSync(refFile, 'utf8').trim() || undefined
  const linkedFile = join(temp, 'linked-project.json')
  if (existsSync(linkedFile)) {
    const { ref } = JSON.parse(readFileSync(linkedFile, 'utf8'))
    return typeof ref === 'string' && ref ? ref : undefined
  }
  return undefined
}

/** The Supabase CLI calls, in order: the migrations, then every function in one deploy. */
export function deployCommands(functions, projectRef = '<project-ref>') {
  const project = ['--project-ref', projectRef]
  return [
    ['db', 'push', ...project, '--yes'],
    // --use-api bundles on Supabase's side: no Docker needed on the deploying machine.
    ['functions', 'deploy', ...functions, ...project, '--use-api', '--yes'],
  ]
}
