// Loads Prisma's schema engine (WASM build) so migrations work offline: the
// package entry imports the .wasm as an ES module, which Node cannot do, so we
// import the JS glue and instantiate the .wasm next to it ourselves (once).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg'
import type { SchemaEngine, SchemaFilter } from '@prisma/schema-engine-wasm/schema_engine_bg'
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'

export type { SchemaEngine }

/** We manage every table of the schema. */
export const noSchemaFilter: SchemaFilter = { externalTables: [], externalEnums: [] }

type WasmExports = WebAssembly.Exports & { __wbindgen_start(): void }

let instantiated: Promise<void> | undefined

/**
 * The engine arms 10 s guard timers (e.g. around taking the migration advisory
 * lock) that outlive the operation: left as they are, every script and test
 * process would linger 10 s after closing. Long timers are guards, so they must
 * not keep the process alive; short ones are left alone.
 */
function withUnrefGuardTimers(imports: WebAssembly.ModuleImports): WebAssembly.ModuleImports {
  const name = Object.keys(imports).find((key) => key.startsWith('__wbg_setTimeout_'))
  if (!name) return imports
  const setTimer = imports[name] as (callback: () => void, ms: number) => NodeJS.Timeout
  return {
    ...imports,
    [name]: (callback: () => void, ms: number) => {
      const timer = setTimer(callback, ms)
      if (ms >>> 0 >= 1000) timer.unref()
      return timer
    },
  }
}

function instantiateOnce(): Promise<void> {
  instantiated ??= (async () => {
    // The glue reports panics through this global registry.
    const registry = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message: string; set_message(m: string): void } }
    registry.PRISMA_WASM_PANIC_REGISTRY ??= {
      message: '',
      set_message(m: string) {
        this.message = `RuntimeError: ${m}`
      },
    }
    // The package exports only the JS glue; the .wasm sits beside it.
    const gluePath = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg')
    const wasmPath = path.join(path.dirname(gluePath), 'schema_engine_bg.wasm')
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': withUnrefGuardTimers(glue),
    })
    const exports = instance.exports as WasmExports
    glue.__wbg_set_wasm(exports)
    exports.__wbindgen_start()
  })()
  return instantiated
}

/** A schema engine bound to a database through a driver adapter factory. */
export async function openSchemaEngine(
  schema: { path: string; content: string },
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: (message: string) => void = () => undefined,
): Promise<SchemaEngine> {
  await instantiateOnce()
  const adapter = bindMigrationAwareSqlAdapterFactory(adapterFactory)
  return glue.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, log, adapter)
}
