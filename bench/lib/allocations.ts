import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** MiB per semi-space: the young generation holds every sample's garbage, so no scavenge runs mid-sample. */
const SEMI_SPACE_MIB = 512

/**
 * Heap bytes allocated per call of the function `factory(args)` returns
 * (`factory` is an export of `moduleUrl`), counted in a child Node process
 * started with a 512 MiB young generation: heapBytesPerCall's samples (n and
 * 2n calls) then fit without a collection, which would undercount, as it did
 * in the benchmark's own process. `calls` times the call's allocation must
 * stay well under that. null when a collection ran all the same.
 */
export async function allocatedBytesPerCall(moduleUrl: string, factory: string, args: unknown, calls: number): Promise<number | null> {
  const child = fileURLToPath(new URL('allocations-child.ts', import.meta.url))
  const { stdout } = await run(
    process.execPath,
    [
      '--expose-gc',
      `--max-semi-space-size=${SEMI_SPACE_MIB}`,
      `--min-semi-space-size=${SEMI_SPACE_MIB}`,
      '--import',
      import.meta.resolve('tsx'),
      child,
      moduleUrl,
      factory,
      JSON.stringify(args),
      String(calls),
    ],
    { maxBuffer: 1 << 20 },
  )
  const { bytesPerCall } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { bytesPerCall?: unknown }
  if (bytesPerCall !== null && typeof bytesPerCall !== 'number') throw new Error(`allocation child printed no count: ${stdout}`)
  return bytesPerCall
}
