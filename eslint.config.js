// Lint for the whole monorepo: typescript-eslint's strict and stylistic
// type-checked presets over every workspace package (engine, db, api, web,
// bench, e2e). Layout is Prettier's job (.prettierrc.json): no rule here
// touches it. Every rule switched off or loosened below says why.
import eslint from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test-helpers.ts', '**/testing/**', 'e2e/**']

// Package boundaries (DESIGN.md), as `no-restricted-imports` patterns. ESLint
// does not merge one rule's options across config objects (the last match
// wins), so each area below lists every pattern that applies to it.
// eslint.config.test.ts proves each one is reported.
const testingEntries = {
  group: ['@threadline/*/testing', '@threadline/*/testing/*'],
  message: 'test utilities are for tests: production code imports a real module (e.g. @threadline/engine/loopback-provider, /provider-error-presets)',
}
const notInEngine = {
  regex: '^(prisma|@prisma/.*|@trpc/.*|react|react-dom|react/.*|react-dom/.*|next|next/.*|@threadline/(?!engine(/|$)).*)$',
  message: 'packages/engine is framework-free: no Prisma, tRPC, React, Next or other @threadline package (it defines ports; packages/db implements them)',
}
const dataLayer = {
  regex: '^(prisma|@prisma/.*|@threadline/db(/.*)?|@electric-sql/pglite(/.*)?|pg|(\\.\\./)+(packages/)?db/.*)$',
  message:
    'Memory is the gateway: routers, REST handlers and the UI reach thread data through Memory and the ThreadQueries read port, never Prisma or the storage',
}
// of the storage ports, only the read port's shapes (the implementer's ports stay out of reach)
const storagePorts = {
  name: '@threadline/engine/storage',
  allowImportNames: [
    'ThreadQueries',
    'ThreadListItem',
    'ThreadListPage',
    'ThreadListQuery',
    'ResourceSummary',
    'messageTextSearchInputSchema',
    'MessageTextQuery',
    'MessageTextHit',
    'MessageTextPage',
    'SnippetSegment',
  ],
  message: 'Memory is the gateway: of @threadline/engine/storage only the ThreadQueries read port and its shapes',
}
const gatewayFiles = ['packages/api/src/routers/**', 'packages/api/src/rest/**', 'apps/web/**']
const testExemptions = [...testFiles, 'bench/**', 'vitest.config.ts', 'playwright*.config.ts']

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/.next/',
    '**/next-env.d.ts',
    'packages/db/src/generated/',
    'playwright-report/',
    'test-results/',
    'packages/client/dist/',
    'packages/client/test/consumer/',
  ]),
  eslint.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked in the program of its package's tsconfig; the
        // config files at the roots belong to none, so they get a default one.
        projectService: {
          allowDefaultProject: ['*.config.ts', 'eslint.config.test.ts', 'packages/client/scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // The code declares shapes with `type` and the ports that classes
      // implement (Processor, Embedder, MemoryStorage...) with `interface`; the
      // choice carries meaning, so no single form is forced.
      '@typescript-eslint/consistent-type-definitions': 'off',
      // `onClick={() => setOpen(false)}` and `(done) => resolve()` are the
      // idiom; a void value in any other position is still reported.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Messages are built from numbers (counts, ports, limits) everywhere;
      // booleans, nullish values and objects stay banned.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `process.env.X || fallback` deliberately treats an empty variable as
      // unset; `??` is still required for every other type.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // `_`-prefixed names mark a deliberately unused parameter or binding.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    ignores: testExemptions,
    rules: { 'no-restricted-imports': ['error', { patterns: [testingEntries] }] },
  },
  {
    // the engine's tests too: a test may use the fake provider, not Prisma
    files: ['packages/engine/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notInEngine] }] },
  },
  {
    files: ['packages/engine/**'],
    ignores: testExemptions,
    rules: { 'no-restricted-imports': ['error', { patterns: [testingEntries, notInEngine] }] },
  },
  {
    files: gatewayFiles,
    ignores: testExemptions,
    rules: { 'no-restricted-imports': ['error', { paths: [storagePorts], patterns: [testingEntries, dataLayer] }] },
  },
  {
    files: testFiles,
    rules: {
      // With noUncheckedIndexedAccess, `rows[0]!` is how a test says "the
      // previous expect proved it exists"; a wrong guess fails the test anyway.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Fakes implement async ports (embed, execute, persistMessages...)
      // without anything to await.
      '@typescript-eslint/require-await': 'off',
      // A no-op callback (`() => {}`) is the clearest stub in a test.
      '@typescript-eslint/no-empty-function': 'off',
      // Vitest's asymmetric matchers (expect.any, expect.stringMatching...)
      // are typed `any`; they only ever sit inside an expected value.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Plain JavaScript (config files, the Prisma generate script) has no types to check.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
)
