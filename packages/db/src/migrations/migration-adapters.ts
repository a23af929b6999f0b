// Driver adapter factories for the schema engine. Both stock adapters mishandle
// multi-statement migration scripts (PrismaPGlite does not await the script,
// so failures vanish; PrismaPg splits it on ';', which breaks `DO $$ ... $$`
// blocks), so scripts run whole through the driver here.
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { PrismaPg } from '@prisma/adapter-pg'
import { DriverAdapterError, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'

type PostgresErrorFields = { code?: unknown; severity?: unknown; message: string; detail?: unknown; column?: unknown; hint?: unknown }

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** Reports a PostgreSQL error the way the schema engine expects from an adapter. */
function toDriverAdapterError(error: unknown): unknown {
  if (!(error instanceof Error) || typeof (error as PostgresErrorFields).code !== 'string') return error
  const e = error as Error & PostgresErrorFields
  return new DriverAdapterError({
    kind: 'postgres',
    code: e.code as string,
    severity: optionalString(e.severity) ?? 'ERROR',
    message: e.message,
    detail: optionalString(e.detail),
    column: optionalString(e.column),
    hint: optionalString(e.hint),
  })
}

function runningScriptsWhole(adapter: SqlDriverAdapter, runScript: (script: string) => Promise<unknown>): SqlDriverAdapter {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    ...(adapter.getConnectionInfo ? { getConnectionInfo: adapter.getConnectionInfo.bind(adapter) } : {}),
    dispose: () => adapter.dispose(),
    async executeScript(script) {
      try {
        await runScript(script)
      } catch (error) {
        throw toDriverAdapterError(error)
      }
    },
  }
}

/** A schema-engine factory over an open PGlite; the shadow database is the same instance (see `throwawayPGliteFactory`). */
export function pgliteMigrationFactory(pglite: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPGlite(pglite)
  const connect = async () => runningScriptsWhole(await base.connect(), (script) => pglite.exec(script))
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect,
    // Only `diff --from-migrations` needs a shadow database, and we only run
    // it against a throwaway instance (see diff-schema.ts).
    connectToShadowDb: connect,
  }
}

/** A schema-engine factory over a PostgreSQL pool. */
export function postgresMigrationFactory(pool: pg.Pool): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPg(pool)
  const wrap = (adapter: SqlDriverAdapter) => runningScriptsWhole(adapter, (script) => pool.query(script))
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => wrap(await base.connect()),
    connectToShadowDb: () => Promise.reject(new Error('A shadow database is not used against PostgreSQL: drift is checked on a throwaway PGlite')),
  }
}

/** A fresh in-memory PGlite with pgvector, as the migrations expect. */
export function createMemoryPGlite(): PGlite {
  return new PGlite({ extensions: { vector } })
}
