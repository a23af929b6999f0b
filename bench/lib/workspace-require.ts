// bench/ is not a workspace package, so it has no node_modules of its own: a
// third-party package is loaded from the workspace package that depends on it.
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** `require` as seen from a workspace package folder, e.g. 'packages/engine' or 'apps/web'. */
export function requireFrom(workspacePackage: string): NodeJS.Require {
  return createRequire(path.join(repoRoot, workspacePackage, 'package.json'))
}

export { repoRoot }
