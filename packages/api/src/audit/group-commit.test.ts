import { describe, expect, it } from 'vitest'
import { groupCommit } from './group-commit.ts'

/** A write whose calls are recorded and finished by hand. */
function manualWrite() {
  const calls: { items: number[]; finish: (error?: Error) => void }[] = []
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => calls.push({ items: [...items], finish: (error) => (error ? reject(error) : resolve()) }))
  return { calls, write }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('groupCommit', () => {
  it('writes a lone item at once, and the items that arrive meanwhile together in the next write', async () => {
    const { calls, write } = manualWrite()
    const record = groupCommit(write, 100)
    const first = record(1)
    await settled()
    expect(calls.map((call) => call.items)).toEqual([[1]])
    const rest = [record(2), record(3), record(4)]
    await settled()
    expect(calls).toHaveLength(1)
    calls[0]!.finish()
    await first
    await settled()
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4]])
    calls[1]!.finish()
    await Promise.all(rest)
  })

  it('settles each caller with its own group: a failed write rejects that group only', async () => {
    const { calls, write } = manualWrite()
    const record = groupCommit(write, 100)
    const first = record(1)
    const second = [record(2), record(3)]
    await settled()
    calls[0]!.finish(new Error('database down'))
    await expect(first).rejects.toThrow('database down')
    await settled()
    calls[1]!.finish()
    await expect(Promise.all(second)).resolves.toEqual([undefined, undefined])
  })

  it('holds at most maxGroup items per write, in arrival order', async () => {
    const { calls, write } = manualWrite()
    const record = groupCommit(write, 2)
    const all = [1, 2, 3, 4, 5].map((item) => record(item))
    for (let index = 0; index < 3; index++) {
      await settled()
      calls[index]!.finish()
    }
    await Promise.all(all)
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3], [4, 5]])
  })

  it('writes again after going idle', async () => {
    const { calls, write } = manualWrite()
    const record = groupCommit(write, 100)
    const first = record(1)
    await settled()
    calls[0]!.finish()
    await first
    const second = record(2)
    await settled()
    expect(calls.map((call) => call.items)).toEqual([[1], [2]])
    calls[1]!.finish()
    await second
  })
})
