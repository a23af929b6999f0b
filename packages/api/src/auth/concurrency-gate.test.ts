import { describe, expect, it } from 'vitest'
import { concurrencyGate, GateFullError } from './concurrency-gate.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('concurrencyGate', () => {
  it('runs at most `concurrent` at once, queues up to `maxWaiting`, refuses the rest', async () => {
    const gate = concurrencyGate({ concurrent: 2, maxWaiting: 1 })
    const jobs = [deferred(), deferred(), deferred()]
    let peak = 0
    let active = 0
    const started = jobs.map((job) =>
      gate.run(async () => {
        peak = Math.max(peak, ++active)
        await job.promise
        active -= 1
      }),
    )
    await Promise.resolve()
    expect(gate.stats()).toEqual({ running: 2, waiting: 1 })
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFullError)
    for (const job of jobs) job.resolve()
    await Promise.all(started)
    expect(peak).toBe(2)
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 })
  })

  it('frees the slot when the work throws', async () => {
    const gate = concurrencyGate({ concurrent: 1, maxWaiting: 0 })
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(async () => 'next')).toBe('next')
  })

  it('lets prioritized work (a known sign-in) past a full queue and ahead of it, in a lane of its own size', async () => {
    const gate = concurrencyGate({ concurrent: 1, maxWaiting: 2 })
    const order: string[] = []
    const running = deferred()
    const job = (name: string) => async () => {
      order.push(name)
      if (name === 'first') await running.promise
    }
    const flood = [gate.run(job('first')), gate.run(job('queued-1')), gate.run(job('queued-2'))]
    await Promise.resolve()
    // the queue is full: a stranger is refused, a prioritized caller waits (and runs next)
    await expect(gate.run(job('stranger'))).rejects.toBeInstanceOf(GateFullError)
    const known = [gate.prioritized(() => gate.run(job('known-1'))), gate.prioritized(() => gate.run(job('known-2')))]
    expect(gate.stats()).toEqual({ running: 1, waiting: 4 })
    // its lane is bounded too: the third prioritized caller is refused
    await expect(gate.prioritized(() => gate.run(job('known-3')))).rejects.toBeInstanceOf(GateFullError)
    running.resolve()
    await Promise.all([...flood, ...known])
    expect(order).toEqual(['first', 'known-1', 'known-2', 'queued-1', 'queued-2'])
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 })
  })
})
