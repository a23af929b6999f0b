// `pnpm db:seed` as `npm start` runs it: the demo once per database (a marker
// row), so a deleted demo thread stays deleted after a restart; on PostgreSQL
// only with --demo, so a real deployment never gets the published password.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/open-database.ts'
import { demoOperator, demoThreads } from '../src/seed/index.ts'
import { openTestDatabase } from '../src/testing/index.ts'

const seedScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed.ts')
const folder = mkdtempSync(path.join(os.tmpdir(), 'threadline-seed-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function seed(databaseUrl: string, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, THREADLINE_EMBEDDING_MODEL: '', THREADLINE_DEMO_DATA: '' }
  const child = spawn(process.execPath, ['--import', 'tsx', seedScript, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}

const demoThreadId = demoThreads[0]!.thread.id

describe('pnpm db:seed', () => {
  it('on PostgreSQL: no demo operator or data without --demo; with it, once', async () => {
    const db = await openTestDatabase('postgres')
    try {
      const plain = await seed(db.url)
      expect(plain.code, plain.stderr).toBe(0)
      expect(plain.stdout).toContain('pass --demo')
      expect(await db.prisma.operator.count({ where: { email: demoOperator.email } })).toBe(0)
      expect(await db.storage.getThreadById(demoThreadId)).toBeNull()

      const asked = await seed(db.url, ['--demo'])
      expect(asked.code, asked.stderr).toBe(0)
      expect(await db.prisma.operator.count({ where: { email: demoOperator.email } })).toBe(1)
      await db.storage.deleteThread(demoThreadId, { branches: 'delete' })
      const again = await seed(db.url, ['--demo'])
      expect(again.stdout).toContain('seeded here before')
      expect(await db.storage.getThreadById(demoThreadId)).toBeNull()
    } finally {
      await db.close()
    }
  }, 120_000)

  it('on the embedded database: the demo on the first run only, so a deleted demo thread stays deleted', async () => {
    const url = `file:${folder}`
    const first = await seed(url)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('Demo data seeded (pglite)')
    const db = await openDatabase(url)
    try {
      expect(await db.storage.getThreadById(demoThreadId)).not.toBeNull()
      await db.storage.deleteThread(demoThreadId, { branches: 'delete' })
    } finally {
      await db.close()
    }
    const restart = await seed(url)
    expect(restart.code, restart.stderr).toBe(0)
    expect(restart.stdout).toContain('seeded here before')
    const after = await openDatabase(url)
    try {
      expect(await after.storage.getThreadById(demoThreadId)).toBeNull()
    } finally {
      await after.close()
    }
  }, 180_000)
})
