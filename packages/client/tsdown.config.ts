import { defineConfig } from 'tsdown'

// ESM and CommonJS with one bundled .d.ts each. Everything the client runs is
// bundled in (@trpc/client, superjson, the api package's client helpers), so
// the package has no dependencies: nothing (TypeScript included) is installed
// into a JavaScript project beside it. The types are the generated
// src/generated/api-types.ts: no server module is reachable from them.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'node20',
  dts: true,
  clean: true,
  deps: { alwaysBundle: [/^@trpc\//, /^superjson/, /^@threadline\//, /^copy-anything/, /^is-what/] },
})
