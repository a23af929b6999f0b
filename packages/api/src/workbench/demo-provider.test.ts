// The demo provider serves every workbench turn of a long-running server: what
// it answered must not stay on the heap (the probe saw about 92 KB kept per 99 KB turn).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, expect, it } from 'vitest'
import { demoProvider } from './demo-provider.ts'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

function heapUsedAfterGc(): number {
  collectGarbage()
  return process.memoryUsage().heapUsed
}

const provider = demoProvider()
afterAll(() => provider.close())

it('keeps nothing of the requests it answered: 40 turns of 1 MB each leave the heap where it was', async () => {
  const model = await provider.model()
  const turn = async (index: number) => {
    const text = `turn ${index} ${'x'.repeat(1_000_000)}`
    const answer = await model.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text }] }] })
    expect(answer.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining(`you wrote "turn ${index} xxx`) })
  }
  // the server, the HTTP agent and the SDK warm up first
  await turn(0)
  const before = heapUsedAfterGc()
  for (let index = 1; index <= 40; index++) await turn(index)
  // kept requests would be 40 MB and more; what is left is noise
  expect(heapUsedAfterGc() - before).toBeLessThan(8_000_000)
})
