// Loads Prisma's schema engine (WASM build) so migrations work offline: the
// package entry imports the .wasm as an ES module, which Node cannot do, so we
// import the JS glue and instantiate the .wasm next to it ourselves (once).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg'
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg'
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'

export type { SchemaEngine }

type WasmExports = WebAssembly.Exports & { __wbindgen_start(): void }

let instantiated: Promise<void> | undefined

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
      './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports,
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
  log: (message: string) => void = () => {},
): Promise<SchemaEngine> {
  await instantiateOnce()
  const adapter = bindMigrationAwareSqlAdapterFactory(adapterFactory)
  return glue.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, log, adapter)
}
