import { openPgliteBenchDatabase } from './lib/databases.ts'
import { seedThread } from './lib/seed.ts'
import { summarize } from './lib/measure.ts'
import { Memory } from '../packages/engine/src/index.ts'
const db = await openPgliteBenchDatabase()
await seedThread(db, { threadId: 't', count: 5000 })
await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
const memory = new Memory({ storage: db.storage, vector: db.vector, options: { lastMessages: 50 } })
const fns: Record<string, () => Promise<unknown>> = {
  recall: () => memory.recall({ threadId: 't' }),
  list: () => db.storage.listMessages({ threadId: 't', last: 50 }),
  'thread+list': async () => { await db.storage.getThreadById('t'); await db.storage.listMessages({ threadId: 't', last: 50 }) },
  thread: () => db.storage.getThreadById('t'),
}
const ms: Record<string, number[]> = {}
for (let i = 0; i < 400; i++) for (const [k, f] of Object.entries(fns)) { const s = performance.now(); await f(); (ms[k] ??= []).push(performance.now() - s) }
for (const [k, v] of Object.entries(ms)) console.log(k.padEnd(12), summarize(v.slice(50)).p50.toFixed(2))
await db.close()
