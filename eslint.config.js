// Lint for the whole monorepo: typescript-eslint's strict and stylistic
// type-checked presets over every workspace package (engine, db, api, web,
// bench, e2e). Layout is Prettier's job (.prettierrc.json): no rule here
// touches it. Every rule switched off or loosened below says why.
import eslint from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test-helpers.ts', '**/testing/**', 'e2e/**']

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
          allowDefaultProject: ['*.config.ts', 'apps/web/next.config.ts', 'packages/client/scripts/*.mjs'],
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
