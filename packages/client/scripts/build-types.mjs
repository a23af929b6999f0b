// The .d.ts of @threadline/client: tsc emits the declarations of the client
// and everything its types reach in the workspace (the api package's router,
// the engine's types) under dist/types; this script then points the workspace
// package specifiers and the `.ts` specifiers of that tree at the emitted
// files, so the package's types need no workspace package. (A bundled .d.ts
// via tsdown/rolldown-plugin-dts ran out of memory on the router's type graph here.)
// Server-only packages the router's context type names (@threadline/db,
// better-auth, ai) stay bare imports: a user's TypeScript (skipLibCheck)
// reads them as `any`; no procedure's input or output is typed by them.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const typesDir = path.join(root, 'dist/types')
rmSync(typesDir, { recursive: true, force: true })
execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.types.json')], { stdio: 'inherit' })

/** workspace specifier -> emitted declaration (without extension) */
const workspaceTargets = {
  '@threadline/api/client': 'api/src/client/index',
  '@threadline/engine': 'engine/src/index',
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.d.ts') ? [full] : []
  })
}

for (const file of filesUnder(typesDir)) {
  const relativeTo = (target) => {
    const relative = path.relative(path.dirname(file), path.join(typesDir, target)).split(path.sep).join('/')
    return `${relative.startsWith('.') ? relative : `./${relative}`}.js`
  }
  const text = readFileSync(file, 'utf8')
    // from '@threadline/engine' / import("@threadline/engine")
    .replace(/(['"])(@threadline\/(?:api\/client|engine))\1/g, (match, quote, specifier) => `${quote}${relativeTo(workspaceTargets[specifier])}${quote}`)
    // relative '.ts' specifiers -> '.js' (what a .d.ts import resolves against)
    .replace(/(['"])(\.{1,2}\/[^'"]*)\.ts\1/g, (match, quote, specifier) => `${quote}${specifier}.js${quote}`)
  writeFileSync(file, text)
}
writeFileSync(path.join(root, 'dist/index.d.mts'), "export * from './types/client/src/index.js'\n")
