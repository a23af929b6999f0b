import { describe, expect, it } from 'vitest'
import { allocatedBytesPerCall } from './allocations.ts'
import type { CompatCallSpec } from './compat-call.ts'

const compatCall = new URL('compat-call.ts', import.meta.url).href
const compilerCall = new URL('compiler-call.ts', import.meta.url).href
const safeInputCall = new URL('safe-input-call.ts', import.meta.url).href

describe('allocatedBytesPerCall (child process, no collection mid-sample)', () => {
  it('counts 0 bytes for the compat pass with recording off when no rule applies, and the copies when one does', async () => {
    const nothingToDo: CompatCallSpec[] = [
      { model: 'anthropic', size: 100, reasoning: 'anthropic' },
      { model: 'cerebras', size: 100, reasoning: 'none' },
      { model: 'unaffected', size: 100, reasoning: 'mixed' },
    ]
    const counts = await Promise.all(nothingToDo.map((spec) => allocatedBytesPerCall(compatCall, 'compatCall', spec, 1_000)))
    expect(counts).toEqual([0, 0, 0])
    // the same measurement sees a rewrite's copied prompt (1,000 references alone are 8 kB)
    const rewrite = await allocatedBytesPerCall(compatCall, 'compatCall', { model: 'cerebras', size: 1_000, reasoning: 'mixed' }, 20)
    expect(rewrite).toBeGreaterThan(8_000)
  }, 120_000)

  it('counts 0 bytes for the compiler on a history every target accepts, for every target family', async () => {
    expect(await allocatedBytesPerCall(compilerCall, 'everyFamilyIdleCall', { size: 1_000 }, 200)).toBe(0)
  }, 120_000)

  it('counts, for one orphan call in 10,000 messages, little more than one copy of the prompt array for its pairing (it regrew a copy by pushing)', async () => {
    const pairing = await allocatedBytesPerCall(compilerCall, 'orphanPairingCall', { size: 10_000 }, 20)
    const copy = await allocatedBytesPerCall(compilerCall, 'promptCopyCall', { size: 10_000 }, 20)
    expect(copy).toBeGreaterThan(40_000)
    expect(pairing).toBeLessThan(1.2 * (copy ?? 0))
  }, 120_000)

  it('counts 0 bytes for assertSafeInput on an ordinary 100-message save (every API input is walked; it allocated ~670 kB, path arrays and entry pairs per value)', async () => {
    expect(await allocatedBytesPerCall(safeInputCall, 'safeInputCall', { size: 100 }, 200)).toBe(0)
  }, 120_000)
})
