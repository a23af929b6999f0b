import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { Memory } from '@threadline/engine'
import { seedThread } from './lib/seed.ts'
const folder = mkdtempSync(path.join(tmpdir(), 'probe-'))
const times: [string, number][] = []
let last = performance.now(); let lastSql = ''
const db = await openDatabase(`file:${folder}`, { onQuery: (sql) => { const now = performance.now(); if (lastSql) times.push([lastSql.slice(0, 90).replace(/\s+/g, ' '), Math.round(now - last)]); last = now; lastSql = sql } })
const seeded = await seedThread(db, { threadId: 'src', resourceId: 'r', count: 50_000, seed: 7 })
const memory = new Memory({ storage: db.storage, vector: db.vector })
const middle = seeded.messages[25_000]!.createdAt
for (let i = 0; i < 2; i++) {
  times.length = 0; lastSql = ''
  const t = performance.now()
  const p = await memory.previewClone({ sourceThreadId: 'src', options: { messageFilter: { startDate: middle }, boundary: 'expand' } })
  console.log('preview ms', Math.round(performance.now() - t), p.count)
  console.log(times.filter(([, ms]) => ms > 20))
}
await db.close(); rmSync(folder, { recursive: true, force: true })
