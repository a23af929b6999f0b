// `prisma migrate deploy`, offline: applies the pending migrations of the
// checked-in history through the WASM schema engine and records each one in
// `_prisma_migrations`, so the regular Prisma CLI recognises the history.
import { readFile } from 'node:fs/promises'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { readMigrationList } from './migration-list.ts'
import { migrationsDir as defaultMigrationsDir, schemaPath as defaultSchemaPath } from './paths.ts'
import { noSchemaFilter, openSchemaEngine } from './schema-engine.ts'

export type MigrationSources = { migrationsDir?: string | undefined; schemaPath?: string | undefined }

/** Applies what is pending; returns the names just applied (empty when already up to date). */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory, sources: MigrationSources = {}): Promise<string[]> {
  const schemaPath = sources.schemaPath ?? defaultSchemaPath
  const [content, migrationsList] = await Promise.all([readFile(schemaPath, 'utf8'), readMigrationList(sources.migrationsDir ?? defaultMigrationsDir)])
  const engine = await openSchemaEngine({ path: schemaPath, content }, adapterFactory)
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: noSchemaFilter })
    return appliedMigrationNames
  } finally {
    engine.free()
  }
}
