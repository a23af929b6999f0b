// The QuickJS WebAssembly modules the sandbox runs in. A rule can crash a
// module from the inside (a deep JSON.stringify overflows the host's native
// stack inside WebAssembly, leaving QuickJS half-way through an operation), and
// a crashed module must never be used again. So there is always a spare: a
// crashed module is retired, the spare takes over at once (calls stay
// synchronous), and a new spare loads in the background.
import { newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten'

const modules: { current?: QuickJSWASMModule | undefined; spare?: QuickJSWASMModule | undefined; loading?: Promise<void> | undefined } = {}
let retiredCount = 0

/** Loads the module and its spare (once; later calls wait for nothing unless a module was retired). */
export function prepareSandbox(): Promise<void> {
  if (modules.current !== undefined && modules.spare !== undefined) return Promise.resolve()
  modules.loading ??= (async () => {
    try {
      while (modules.current === undefined || modules.spare === undefined) {
        const loaded = await newQuickJSWASMModule()
        if (modules.current === undefined) modules.current = loaded
        else modules.spare = loaded
      }
    } finally {
      modules.loading = undefined
    }
  })()
  return modules.loading
}

/** The module to run in now, if one is ready. */
export function currentSandboxModule(): QuickJSWASMModule | undefined {
  return modules.current
}

/** Stops using a module that crashed: the spare takes over and a new spare starts loading. */
export function retireSandboxModule(module: QuickJSWASMModule): void {
  if (modules.current !== module) return
  modules.current = modules.spare
  modules.spare = undefined
  retiredCount += 1
  // a failed load is retried (and reported) by the next prepareSandbox() call
  prepareSandbox().catch(() => undefined)
}

export type SandboxStatus = {
  ready: boolean
  spareReady: boolean
  /** modules retired after a crash since the process started */
  modulesRetired: number
  /** size of the current module's WebAssembly memory (it grows to the largest call and stays there) */
  wasmMemoryBytes: number
}

export function sandboxStatus(): SandboxStatus {
  return {
    ready: modules.current !== undefined,
    spareReady: modules.spare !== undefined,
    modulesRetired: retiredCount,
    // typed WebAssembly.Memory, a DOM lib type the engine does not load (so `any` here)
    wasmMemoryBytes: (modules.current?.getWasmMemory() as { buffer: ArrayBuffer } | undefined)?.buffer.byteLength ?? 0,
  }
}
