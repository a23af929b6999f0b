// For the data-migration tests: a copy of prisma/migrations that stops before
// one migration, so a test can write old-form rows and then apply the rest.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrationsDir } from './paths.ts'

/** The folder name of the migration whose name ends with `_${suffix}`. */
export async function migrationNamed(suffix: string): Promise<string> {
  const name = (await readdir(migrationsDir)).find((entry) => entry.endsWith(`_${suffix}`))
  if (name === undefined) throw new Error(`no migration named *_${suffix} in ${migrationsDir}`)
  return name
}

/** A temporary copy of the history without the migration named `suffix` and those after it. */
export async function historyBefore(suffix: string): Promise<{ dir: string; dispose(): Promise<void> }> {
  const cutoff = await migrationNamed(suffix)
  const names = (await readdir(migrationsDir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  const dir = await mkdtemp(path.join(tmpdir(), 'threadline-history-'))
  await cp(path.join(migrationsDir, 'migration_lock.toml'), path.join(dir, 'migration_lock.toml'))
  for (const name of names.filter((name) => name < cutoff)) await cp(path.join(migrationsDir, name), path.join(dir, name), { recursive: true })
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) }
}
