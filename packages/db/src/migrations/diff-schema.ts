// Drift check and next-migration SQL without a database server: the history is
// replayed on a throwaway in-memory PGlite (the engine's shadow database) and
// compared with schema.prisma.
import { readFile } from 'node:fs/promises'
import { createMemoryPGlite, pgliteMigrationFactory } from './migration-adapters.ts'
import { readMigrationList } from './migration-list.ts'
import type { MigrationSources } from './apply-migrations.ts'
import { migrationsDir as defaultMigrationsDir, schemaPath as defaultSchemaPath } from './paths.ts'
import { noSchemaFilter, openSchemaEngine } from './schema-engine.ts'

/** `sql` is what a new migration would have to contain; empty when in sync. */
export type SchemaDiff = { inSync: boolean; sql: string }

export async function diffMigrationsToSchema(sources: MigrationSources = {}): Promise<SchemaDiff> {
  const schemaPath = sources.schemaPath ?? defaultSchemaPath
  const [content, migrationsList] = await Promise.all([readFile(schemaPath, 'utf8'), readMigrationList(sources.migrationsDir ?? defaultMigrationsDir)])
  const pglite = createMemoryPGlite()
  try {
    const engine = await openSchemaEngine({ path: schemaPath, content }, pgliteMigrationFactory(pglite))
    try {
      const result = await engine.diff({
        from: { tag: 'migrations', ...migrationsList },
        to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content }] },
        script: true,
        exitCode: true,
        filters: noSchemaFilter,
      })
      // exitCode 2 = the diff is not empty (the engine's `--exit-code` contract)
      const inSync = result.exitCode === 0
      return { inSync, sql: inSync ? '' : (result.stdout ?? '') }
    } finally {
      engine.free()
    }
  } finally {
    await pglite.close()
  }
}
