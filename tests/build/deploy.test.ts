import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { deployCommands, functionNames, linkedProject } from '../../scripts/deploy/plan.mjs'

const root = new URL('../../', import.meta.url).pathname
const functionsDir = join(root, 'supabase', 'functions')

const temps: string[] = []
afterEach(() => temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
function tree(files: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-'))
  temps.push(dir)
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true })
    writeFileSync(join(dir, file), '')
  }
  return dir
}

describe('npm run deploy', () => {
  it('deploys the folders that hold an index.ts, never _shared, a file or a folder without one', () => {
    const dir = tree([
      'b-fn/index.ts',
      'a-fn/index.ts',
      'a-fn/handler.ts',
      '_shared/outbox/index.ts',
      'notes.md',
      'drafts/readme.md',
      '.cache/index.ts',
    ])
    expect(functionNames(dir)).toEqual(['a-fn', 'b-fn'])
  })

  it('finds every function folder of supabase/functions', () => {
    const folders = readdirSync(functionsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== '_shared')
      .map((entry) => entry.name)
    expect(functionNames(functionsDir)).toEqual(folders.sort())
    expect(functionNames(functionsDir)).toContain('leads')
  })

  it('pushes the migrations, then deploys every function found, to the project named', () => {
    expect(deployCommands(['leads', 'places'], 'abcdefghijklmnopqrst')).toEqual([
      ['db', 'push', '--project-ref', 'abcdefghijklmnopqrst', '--yes'],
      ['functions', 'deploy', 'leads', 'places', '--project-ref', 'abcdefghijklmnopqrst', '--use-api', '--yes'],
    ])
  })

  it('takes the project from SUPABASE_PROJECT_REF, else from `supabase link`, else has none', () => {
    const unlinked = tree([])
    expect(linkedProject(unlinked, {})).toBeUndefined()
    expect(linkedProject(unlinked, { SUPABASE_PROJECT_REF: 'from-env' })).toBe('from-env')
    const linked = tree(['supabase/.temp/project-ref'])
    writeFileSync(join(linked, 'supabase/.temp/project-ref'), 'from-link\n')
    expect(linkedProject(linked, {})).toBe('from-link')
  })

  it('prints what it would run and exits 0 on a dry run, naming every function', () => {
    const env = { ...process.env, SUPABASE_PROJECT_REF: '', SUPABASE_PROJECT_ID: '' }
    const run = spawnSync(process.execPath, ['scripts/deploy.mjs', '--dry-run'], { cwd: root, env, encoding: 'utf8' })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('supabase db push')
    expect(run.stdout).toContain(`supabase functions deploy ${functionNames(functionsDir).join(' ')} `)
  })

  // The CLI deploys with verify_jwt on unless config.toml says otherwise, and Supabase Cron, the
  // uptime monitor and anonymous visitors send no JWT: each function states its choice there.
  it('every function has its block in supabase/config.toml', () => {
    const config = readFileSync(join(root, 'supabase', 'config.toml'), 'utf8')
    const configured = [...config.matchAll(/^\[functions\.([\w-]+)\]$/gm)].map((match) => match[1])
    expect(configured.sort()).toEqual(functionNames(functionsDir))
  })
})
