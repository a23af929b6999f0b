import { describe, expect, it } from 'vitest'
import { batchEnd, messageBytes, saveAll } from './save-all.ts'
import { ThreadlineError } from './threadline-error.ts'

const message = (index: number, text = `message ${index}`) => ({ id: `m${index}`, createdAt: new Date(Date.UTC(2026, 0, 1)), text })

/** A save that refuses (413, stating `limit`) any batch whose estimated bytes are over `maxBytes`, and records what it saved. */
function serverOf(maxBytes: number, stateLimit: boolean) {
  const batches: number[] = []
  const save = async (batch: ReturnType<typeof message>[]) => {
    const bytes = batch.reduce((sum, item) => sum + messageBytes(item), 0)
    if (bytes > maxBytes) {
      throw new ThreadlineError('too large', {
        kind: 'http',
        code: 'PAYLOAD_TOO_LARGE',
        status: 413,
        ...(stateLimit ? { data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, limit: { bytes: maxBytes, messages: 1000 }, size: { bytes } } } : {}),
      })
    }
    batches.push(batch.length)
    return { messageIds: batch.map((item) => item.id) }
  }
  return { save, batches }
}

describe('batchEnd', () => {
  const sizes = [100, 100, 100, 100, 100]
  it('ends a batch at the message limit', () => {
    expect(batchEnd(sizes, 0, { messages: 2, bytes: 10_000 })).toBe(2)
    expect(batchEnd(sizes, 4, { messages: 2, bytes: 10_000 })).toBe(5)
  })
  it('ends a batch at the byte limit', () => {
    expect(batchEnd(sizes, 0, { messages: 1000, bytes: 250 })).toBe(2)
    expect(batchEnd(sizes, 1, { messages: 1000, bytes: 300 })).toBe(4)
  })
  it('refuses one message over the byte limit, naming it, before anything is sent', () => {
    expect(() => batchEnd([10, 500, 10], 0, { messages: 1000, bytes: 100 })).toThrow(/messages\[1\] takes 500 bytes/)
  })
})

describe('saveAll', () => {
  const messages = Array.from({ length: 250 }, (_, index) => message(index, 'x'.repeat(900)))

  it('saves every message in order, in batches within both limits, reporting progress', async () => {
    const { save, batches } = serverOf(Number.POSITIVE_INFINITY, true)
    const progress: number[] = []
    const result = await saveAll(save, messages, { maxBatchMessages: 100, onBatch: ({ saved }) => progress.push(saved) })
    expect(result).toMatchObject({ saved: 250, batches: 3 })
    expect(result.messageIds).toEqual(messages.map((item) => item.id))
    expect(batches).toEqual([100, 100, 50])
    expect(progress).toEqual([100, 200, 250])
  })

  it("plans again with the limit a server's 413 states", async () => {
    const { save, batches } = serverOf(50_000, true)
    const result = await saveAll(save, messages)
    expect(result.saved).toBe(250)
    // 90% of 50,000 bytes: 45 messages of about 1 KB per batch
    expect(Math.max(...batches)).toBeLessThanOrEqual(50)
    expect(batches.reduce((sum, count) => sum + count, 0)).toBe(250)
  })

  it('halves a refused batch when the 413 states no limit', async () => {
    const { save, batches } = serverOf(30_000, false)
    expect((await saveAll(save, messages)).saved).toBe(250)
    expect(batches[0]).toBeLessThanOrEqual(31)
  })

  it('hands over a 413 for one message alone, and any other error as it is', async () => {
    const { save } = serverOf(500, true)
    await expect(saveAll(save, [message(1, 'x'.repeat(2000))])).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', kind: 'http' })
    const failing = async () => {
      throw new ThreadlineError('no', { kind: 'server', code: 'CONFLICT', status: 409 })
    }
    await expect(saveAll(failing, messages)).rejects.toMatchObject({ code: 'CONFLICT' })
  })
})
