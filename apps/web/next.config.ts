import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // The workspace packages export their TypeScript sources (with `.ts` import
  // specifiers), so Next compiles them like the app's own code.
  transpilePackages: ['@threadline/engine', '@threadline/db', '@threadline/api'],
  // Loaded by Node at runtime, not bundled: PGlite resolves its WASM/data files
  // from its own folder (bundled it fails with "path ... Received an instance of
  // URL"), and Prisma's runtime and driver adapters are best left as shipped.
  // (@prisma/schema-engine-wasm is left out on purpose: its `require` export is
  // an ES module, so Turbopack refuses to externalize it and bundles it.)
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-pgvector',
    '@prisma/client',
    '@prisma/adapter-pg',
    '@prisma/driver-adapter-utils',
    'pglite-prisma-adapter',
    'pg',
  ],
}

export default nextConfig
