// Which database a URL means. Relative `file:` paths resolve against the repo
// root (not the cwd), so the app, the scripts and the tests agree on where the
// embedded database lives whatever folder they run from.
import path from 'node:path'
import { InvalidInputError } from '@threadline/engine'
import { repoRoot } from './migrations/paths.ts'

export type DatabaseLocation = { kind: 'pglite'; /** 'memory://' or an absolute data folder */ dataDir: string } | { kind: 'postgres'; url: string }

export const defaultDatabaseUrl = `file:${path.join(repoRoot, '.data/threadline')}`

/** The explicit URL, else DATABASE_URL, else the embedded database under the repo root. */
export function resolveDatabaseUrl(url?: string): string {
  return url ?? (process.env.DATABASE_URL || defaultDatabaseUrl)
}

export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (url === 'memory://' || url.startsWith('memory://')) return { kind: 'pglite', dataDir: 'memory://' }
  if (url.startsWith('file:')) {
    const folder = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
    if (folder === '') throw new InvalidInputError('url', 'a file: URL needs a folder, e.g. file:./.data/threadline')
    return { kind: 'pglite', dataDir: path.resolve(repoRoot, folder) }
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url }
  throw new InvalidInputError('url', `unsupported database URL "${redactPassword(url)}": use memory://, file:./folder or postgres://...`)
}

/** For messages and logs: never echo a password. */
export function redactPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@')
}
