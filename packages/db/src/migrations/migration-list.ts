// Reads a migrations folder into the shape the schema engine expects (it never
// touches the file system itself in its WASM build).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg'

export const migrationFileName = 'migration.sql'
export const lockfileName = 'migration_lock.toml'

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

export async function readMigrationList(migrationsDir: string): Promise<MigrationList> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  })
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  const migrationDirectories = await Promise.all(
    names.map(async (name) => {
      const content = await readOptional(path.join(migrationsDir, name, migrationFileName))
      return {
        path: name,
        migrationFile: {
          path: migrationFileName,
          content: content === null ? ({ tag: 'error', value: `${name}/${migrationFileName} is missing` } as const) : ({ tag: 'ok', value: content } as const),
        },
      }
    }),
  )
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockfileName, content: await readOptional(path.join(migrationsDir, lockfileName)) },
    shadowDbInitScript: '',
    migrationDirectories,
  }
}
