import { defineConfig } from 'tsdown'

// The JavaScript: the api package's client source bundled in (a workspace
// package is never installed by a user); @trpc/* and superjson stay
// dependencies. The .d.ts is built by scripts/build-types.mjs.
export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  dts: false,
  clean: true,
})
