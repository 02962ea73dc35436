import ts from 'typescript'

/**
 * Finds writes to a status column in SQL text: `update … set status = …` (and `*_status`), `on
 * conflict … do update set status = …`, an insert that names a status column (or names no columns
 * on a table that has one), a plpgsql `new.status := …`, and an update whose columns are spliced in
 * (`set ${sql(values)}`, `set %s`), which could write one. Dynamic SQL in a string (`format('update
 * %s set status = ''failed''')`) is read as SQL too.
 */
export type Write = { table: string; column: string; line: number }

// Stripe's word for a dispute, stored as a fact of the event: no transition of ours moves it.
const NOT_STATE = new Set(['dispute_status'])
const isStatus = (column: string) => /^(status|\w+_status)$/.test(column) && !NOT_STATE.has(column)
export const DYNAMIC = '(spliced columns)'

const NAME = String.raw`(?:"?[\w$%]+"?\.)?"?[\w$%]+"?`
const UPDATE = new RegExp(String.raw`\bupdate\s+(?:only\s+)?(${NAME})(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b`, 'gi')
const UPSERT = /\bdo\s+update\s+set\b/gi
const INSERT = new RegExp(String.raw`\binsert\s+into\s+(${NAME})(?:\s+as\s+\w+)?\s*(\([^()]*\))?`, 'gi')
const NEW_ROW = /(?:^|;|\bthen|\belse|\bbegin|\bloop)\s*new\.("?\w+"?)\s*:?=(?!=)/gi

const bare = (name: string) => name.replace(/"/g, '').toLowerCase()
const tableName = (name: string) => bare(name).replace(/^public\./, '')
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length

/** SQL with its `--` and `/* *\/` comments blanked (newlines kept, so lines still count); quotes respected. */
export function stripSqlComments(sql: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!
    if (!inString && c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      const stop = end < 0 ? sql.length : end
      out += ' '.repeat(stop - i)
      i = stop - 1
    } else if (!inString && c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2)
      const stop = end < 0 ? sql.length : end + 2
      out += sql.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop - 1
    } else {
      if (c === "'") inString = !inString
      out += c
    }
  }
  return out
}

/** The left sides of a set list (`a = 1, (b, c) = (…)`), up to `where`/`from`/`returning` at depth 0. */
function assignedColumns(sql: string, from: number, resolve: (left: string) => string[]): string[] {
  const parts: string[] = []
  let depth = 0
  let part = ''
  for (let i = from; i < sql.length; i++) {
    const c = sql[i]!
    if (c === "'") {
      const end = sql.indexOf("'", i + 1)
      part += ' '
      i = end < 0 ? sql.length : end
      continue
    }
    if (c === '(') depth++
    if (c === ')') {
      if (depth === 0) break
      depth--
    }
    if (depth === 0 && (c === ';' || c === '`' || /^\s(where|from|returning)\b/i.test(sql.slice(i, i + 11)))) break
    if (depth === 0 && c === ',') {
      parts.push(part)
      part = ''
    } else part += c
  }
  parts.push(part)
  return parts.flatMap((p) => {
    const eq = p.search(/[^<>!:=]=(?!=)/)
    const left = eq < 0 ? p : p.slice(0, eq + 1)
    if (/%(\d+\$)?[sI]/.test(left)) return [DYNAMIC, ...names(left)]
    if (/__expr\d+__/.test(left)) return [...resolve(left), ...(eq < 0 ? [] : names(left))]
    return eq < 0 ? [] : names(left)
  })
}

const names = (left: string) =>
  (left.replace(/%(\d+\$)?[sIL]|__expr\d+__/g, ' ').match(/"?[A-Za-z_]\w*"?(?:\."?\w+"?)*/g) ?? []).map((n) => bare(n).split('.').pop()!)

/**
 * Every status write in one piece of SQL. `spliced(i)` is the source of the i-th `${…}` of a
 * template (`__expr<i>__` in the text): `sql(values, 'a', 'b')` names its columns, so only those count.
 */
export function statusWrites(sql: string, tablesWithStatus: Set<string> = new Set(), spliced: (i: number) => string = () => ''): Write[] {
  const text = stripSqlComments(sql)
  const writes: Write[] = []
  const add = (table: string, columns: string[], at: number) => {
    for (const column of new Set(columns)) {
      if (column === DYNAMIC || isStatus(column)) writes.push({ table, column, line: lineAt(text, at) })
    }
  }
  const tableOf = (name: string) => {
    const expr = /^__expr(\d+)__$/.exec(name)
    return expr ? `\${${spliced(Number(expr[1]))}}` : tableName(name)
  }
  // A spliced `${…}` where a column goes: `sql(values, 'a', 'b')` names its columns; anything else could write any.
  const resolve = (left: string) =>
    [...left.matchAll(/__expr(\d+)__/g)].flatMap((expr) => {
      const listed = /^\s*[\w.]+\(\s*[\w.]+\s*,((?:\s*'\w+'\s*,?)+)\)\s*$/.exec(spliced(Number(expr[1])))
      return listed ? (listed[1]!.match(/\w+/g) ?? []) : [DYNAMIC]
    })
  for (const m of text.matchAll(UPDATE)) {
    const table = tableOf(m[1]!)
    if (table === 'set') continue
    const at = m.index + m[0].length
    add(table, assignedColumns(text, at, resolve), m.index)
  }
  for (const m of text.matchAll(UPSERT)) {
    const insert = [...text.slice(0, m.index).matchAll(INSERT)].pop()
    add(insert ? tableOf(insert[1]!) : '?', assignedColumns(text, m.index + m[0].length, resolve), m.index)
  }
  for (const m of text.matchAll(INSERT)) {
    const table = tableOf(m[1]!)
    const list = m[2]
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 20)
    if (list) add(table, [...resolve(list), ...names(list)], m.index)
    else if (/^\s*__expr\d+__/.test(after)) add(table, resolve(after.trim().split(/\s/)[0]!), m.index)
    else if (tablesWithStatus.has(table) && !/^\s*default\s+values/i.test(after)) add(table, ['status'], m.index)
  }
  for (const m of text.matchAll(NEW_ROW)) add('(the trigger row)', [bare(m[1]!)], m.index + m[0].indexOf('new.'))
  return writes
}

/** The tables a migration gives a status column (`create table … ( status …` or `add column status`). */
export function tablesWithStatus(migrations: string[]): Set<string> {
  const tables = new Set<string>()
  for (const sql of migrations.map(stripSqlComments)) {
    for (const m of sql.matchAll(new RegExp(String.raw`create\s+table\s+(?:if\s+not\s+exists\s+)?(${NAME})\s*\(([\s\S]*?)\n\)`, 'gi'))) {
      if (/(^|,)\s*(status|\w+_status)\s+\w+/im.test(m[2]!)) tables.add(tableName(m[1]!))
    }
    for (const m of sql.matchAll(new RegExp(String.raw`alter\s+table\s+(?:only\s+)?(${NAME})([^;]*)`, 'gi'))) {
      if (/add\s+column\s+(?:if\s+not\s+exists\s+)?(status|\w+_status)\b/i.test(m[2]!)) tables.add(tableName(m[1]!))
      if (/rename\s+column\s+\w+\s+to\s+(status|\w+_status)\b/i.test(m[2]!)) tables.add(tableName(m[1]!))
    }
  }
  return tables
}

export type Definition = { name: string; file: string; line: number; writes: Write[] }
export type MigrationScan = { functions: Map<string, Definition>; topLevel: { file: string; writes: Write[] }[] }

const FUNCTION = /\bcreate\s+(?:or\s+replace\s+)?(?:function|procedure)\s+((?:"?\w+"?\.)?"?\w+"?)\s*\(/gi
const DROP = /\bdrop\s+(?:function|procedure)\s+(?:if\s+exists\s+)?((?:"?\w+"?\.)?"?\w+"?)/gi

/**
 * Reads the migrations in order as the database would: a function's current definition is the last
 * `create [or replace]` of its name (a later one supersedes it, a `drop` removes it); the rest of
 * each file is its top-level SQL, run once when it landed.
 */
export function scanMigrations(files: { file: string; sql: string }[], withStatus: Set<string>): MigrationScan {
  const functions = new Map<string, Definition>()
  const topLevel: MigrationScan['topLevel'] = []
  for (const { file, sql } of files) {
    const text = stripSqlComments(sql)
    let outside = text
    const events: { at: number; apply: () => void }[] = []
    for (const m of text.matchAll(FUNCTION)) {
      const name = tableName(m[1]!)
      const open = /\bas\s*(\$\w*\$)/i.exec(text.slice(m.index))
      if (!open) continue
      const start = m.index + open.index + open[0].length
      const end = text.indexOf(open[1]!, start)
      const body = text.slice(start, end)
      const line = lineAt(text, m.index)
      const writes = statusWrites(body, withStatus).map((w) => ({ ...w, line: w.line + lineAt(text, start) - 1 }))
      outside = outside.slice(0, start) + body.replace(/[^\n]/g, ' ') + outside.slice(end)
      events.push({ at: m.index, apply: () => functions.set(name, { name, file, line, writes }) })
    }
    for (const m of text.matchAll(DROP)) events.push({ at: m.index, apply: () => functions.delete(tableName(m[1]!)) })
    for (const event of events.sort((a, b) => a.at - b.at)) event.apply()
    topLevel.push({ file, writes: statusWrites(outside, withStatus) })
  }
  return { functions, topLevel }
}

/** Status writes in a TypeScript file's string and template literals (where its SQL is), with their lines. */
export function tsStatusWrites(source: string, withStatus: Set<string>): Write[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true)
  const writes: Write[] = []
  const visit = (node: ts.Node) => {
    let text: string | undefined
    const exprs: string[] = []
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text
    else if (ts.isTemplateExpression(node)) {
      text = node.head.text
      node.templateSpans.forEach((span, i) => {
        exprs.push(span.expression.getText(file))
        text += `__expr${i}__${span.literal.text}`
      })
    }
    if (text !== undefined) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line
      for (const w of statusWrites(text, withStatus, (i) => exprs[i] ?? '')) writes.push({ ...w, line: first + w.line })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return writes
}
