// B3: two processes on one embedded data folder (two servers, or a server and
// `db:seed`) corrupted it. Now the second one is refused with a message naming
// the owner, and the folder opens fine afterwards, also after the owner was
// SIGKILLed (a stale lock is taken over).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../open-database.ts'
import { DatabaseInUseError, LOCK_FILE_NAME, lockDataFolder } from './data-folder-lock.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const holder = path.join(here, '../testing/hold-embedded-database.ts')
const seedScript = path.join(here, '../../scripts/seed.ts')
const folder = mkdtempSync(path.join(os.tmpdir(), 'threadline-owner-'))
const url = `file:${folder}`
const children: ChildProcess[] = []

type Outcome = { code: number | null; stdout: string; stderr: string }

function start(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; outcome: Promise<Outcome>; ready: () => Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let stdout = ''
  let stderr = ''
  let onReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (onReady = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    if (stdout.includes('ready')) onReady()
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const outcome = new Promise<Outcome>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
  const exited = () => outcome.then((o) => Promise.reject(new Error(`the holder exited: ${o.stderr}`)))
  return { child, outcome, ready: () => Promise.race([ready, exited()]) }
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(folder, { recursive: true, force: true })
})

describe('one owner per embedded data folder', () => {
  it('refuses a second server and db:seed while the first runs, naming it; opens fine after the owner was killed', async () => {
    const owner = start([holder, url])
    await owner.ready()

    const second = await start([holder, url]).outcome
    expect(second.code).toBe(1)
    expect(second.stderr).toContain(`in use by process ${owner.child.pid}`)

    const seed = await start([seedScript], { DATABASE_URL: url }).outcome
    expect(seed.code).toBe(1)
    expect(seed.stderr).toContain(`in use by process ${owner.child.pid}`)

    // in this process too, as a typed error
    await expect(openDatabase(url)).rejects.toBeInstanceOf(DatabaseInUseError)

    owner.child.kill('SIGKILL')
    await owner.outcome
    const seeded = await start([seedScript], { DATABASE_URL: url }).outcome
    expect(seeded.stderr).toBe('')
    expect(seeded.code).toBe(0)

    const db = await openDatabase(url)
    try {
      const [row] = await db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM threads`
      expect(row?.n).toBeGreaterThan(0)
    } finally {
      await db.close()
    }
  }, 600_000) // four Node processes, initdb and the migrations: minutes on a loaded machine

  it('releases the folder on close, and refuses a second open in the same process', () => {
    const lock = lockDataFolder(folder)
    expect(() => lockDataFolder(folder)).toThrow(/already open in this process/)
    lock.release()
    lockDataFolder(folder).release()
  })

  it('takes over a lock whose pid now belongs to another process (a restarted container), and a takeover left by a dead process', () => {
    const reused = mkdtempSync(path.join(os.tmpdir(), 'threadline-owner-'))
    try {
      const lockFile = path.join(reused, LOCK_FILE_NAME)
      const before = {
        pid: process.pid,
        hostname: os.hostname(),
        command: 'the server before the restart',
        startedAt: new Date(0).toISOString(),
        processStart: '1',
      }
      writeFileSync(lockFile, JSON.stringify(before))
      lockDataFolder(reused).release()
      // a process that died between taking over that lock and removing it left its takeover file behind
      const raw = JSON.stringify(before)
      writeFileSync(lockFile, raw)
      const dead = { ...before, pid: spawnSync(process.execPath, ['-e', '']).pid, command: 'a taker that crashed' }
      writeFileSync(`${lockFile}.takeover-${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`, JSON.stringify(dead))
      lockDataFolder(reused).release()
      expect(readdirSync(reused)).toEqual([])
    } finally {
      rmSync(reused, { recursive: true, force: true })
    }
  })
})
