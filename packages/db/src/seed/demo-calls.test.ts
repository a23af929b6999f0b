import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { demoCalls, seedDemoCalls, seedDemoData } from './index.ts'

describeEachDatabase('seedDemoCalls', (getDb) => {
  let written: number
  beforeAll(async () => {
    await seedDemoData(getDb().storage)
    written = await seedDemoCalls(getDb().callLog)
  })

  it('records every demo call once, read back as written; a second run writes nothing', async () => {
    const { callLog } = getDb()
    expect(written).toBe(demoCalls.length)
    for (const call of demoCalls) expect(await callLog.get(call.id)).toEqual(call)
    expect(await seedDemoCalls(callLog)).toBe(0)
  })

  it('covers what the Calls page filters on: a retry, a repair, a rule, a failure', async () => {
    const { callLog } = getDb()
    const ids = async (query: Parameters<typeof callLog.list>[0]) => (await callLog.list(query)).calls.map((call) => call.id).sort()
    const expected = (keep: (call: (typeof demoCalls)[number]) => boolean) =>
      demoCalls
        .filter(keep)
        .map((call) => call.id)
        .sort()
    expect(await ids({ limit: 100, hadRetries: true })).toEqual(expected((call) => call.retries > 0))
    expect(await ids({ limit: 100, repaired: true })).toEqual(expected((call) => call.repairedMessageIds.length > 0))
    expect(await ids({ limit: 100, outcome: 'failed' })).toEqual(expected((call) => call.outcome === 'failed'))
    expect(await ids({ limit: 100, rule: 'cerebras-strip-reasoning-content' })).toEqual(
      expected((call) => call.rules.includes('cerebras-strip-reasoning-content')),
    )
  })
})
