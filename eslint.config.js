import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The layers of the architecture (README): each zone names what its target may not import.
const layers = [
  { target: './src/schemas', from: './src', except: ['./schemas'], message: 'schemas import no app code' },
  {
    target: ['./src/site.ts', './src/site-settings.ts', './src/config.ts'],
    from: './src',
    except: ['./site-settings.ts'],
    message: 'site and config import no app code (site reads its settings)',
  },
  { target: './src/services', from: ['./src/machines', './src/ui', './src/routes'], message: 'services import no machines, ui or routes' },
  { target: './src/machines', from: ['./src/services', './src/ui'], message: 'machines import no services or ui' },
  {
    target: ['./src/content', './src/lib'],
    from: ['./src/machines', './src/services', './src/routes', './src/routeTree.gen.ts', './src/router.tsx'],
    message: 'content and lib import no machines, services, routes or generated router code',
  },
  { target: './src/ui', from: ['./src/machines', './src/services', './src/routes'], message: 'ui imports no machines, services or routes' },
  // The edge functions' shared code, by stage: plumbing knows no pipeline, the outbox knows no payload.
  { target: './supabase/functions/_shared', from: './supabase/functions', except: ['./_shared'], message: '_shared imports no function' },
  {
    target: ['./supabase/functions/_shared/http', './supabase/functions/_shared/runtime', './supabase/functions/_shared/limits'],
    from: [
      './supabase/functions/_shared/outbox',
      './supabase/functions/_shared/board',
      './supabase/functions/_shared/alerts',
      './supabase/functions/_shared/delivery',
      './supabase/functions/_shared/enterprise',
      './supabase/functions/_shared/bookings',
    ],
    message: 'http, runtime and limits import no pipeline stage',
  },
  {
    target: './supabase/functions/_shared/outbox',
    from: [
      './supabase/functions/_shared/board',
      './supabase/functions/_shared/alerts',
      './supabase/functions/_shared/delivery',
      './supabase/functions/_shared/enterprise',
      './supabase/functions/_shared/bookings',
      './src',
    ],
    message: 'the outbox is generic: it imports no board, alerts, lead delivery, enterprise, bookings or site code',
  },
  // Enterprise registrations and bookings sit on the channels and the outbox; nothing below them knows them.
  {
    target: ['./supabase/functions/_shared/board', './supabase/functions/_shared/alerts', './supabase/functions/_shared/delivery'],
    from: ['./supabase/functions/_shared/enterprise', './supabase/functions/_shared/bookings'],
    message: 'the board, alerts and lead delivery import no enterprise or bookings code',
  },
  // The board client and its settings serve every stage: lead delivery uses the board, never the other way.
  {
    target: './supabase/functions/_shared/board',
    from: './supabase/functions/_shared/delivery',
    message: 'the board imports no lead delivery code',
  },
  {
    target: './supabase/functions/_shared/enterprise',
    from: ['./supabase/functions/_shared/bookings', './supabase/functions/_shared/delivery'],
    message: 'enterprise imports no bookings or lead delivery code',
  },
  {
    target: './supabase/functions/_shared/bookings',
    from: './supabase/functions/_shared/enterprise',
    message: 'bookings import no enterprise code',
  },
]

const siteImports = {
  regex: '^(\\.\\./)+src/(?!schemas/|lib/|content/(page-paths|plans|enterprise-copy)\\.ts$)',
  message: 'Functions share only schemas, pure lib modules, page paths and the enterprise plans and copy with the site.',
}

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023 },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['supabase/functions/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts', 'supabase/functions/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      // Type-only imports are not followed, so the route tree's types may close a loop.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'ky', '@supabase/*'] }] },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
    rules: { 'no-restricted-imports': ['error', { patterns: [siteImports] }] },
  },
  {
    files: ['supabase/functions/*/*.ts'],
    ignores: ['supabase/functions/_shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!_shared/|\\.\\./)', message: 'A function takes shared code from _shared/, never from another function.' },
            siteImports,
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['tests/**/*.{ts,mjs}', 'scripts/**/*.mjs'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'AbortSignal',
          property: 'timeout',
          message: 'Its timer outlives the call and can fail the run unhandled: use fetchWithin (scripts/fetch-within.mjs).',
        },
      ],
    },
  },
)
