// The embedded folder lock raced by processes (issue 33): `processes` children
// try to lock the same fresh folder at the same instant (a shared start time
// they spin to), `trials` times, one folder per trial. Half the folders start
// with a stale lock of a dead process, so taking over a stale lock is raced
// too. The answer: how many owners each trial had (exactly 1 is right).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { LOCK_FILE_NAME } from '../embedded/data-folder-lock.ts'

const contender = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lock-race-contender.ts')

export type LockRaceTrial = { owners: number; staleAtStart: boolean; errors: string[] }

/** A pid no process has now: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  if (child.pid === undefined) throw new Error('could not start a process')
  return child.pid
}

/** Resolves with the child's stdout lines, one per call. */
function lineReader(child: ChildProcess): () => Promise<string> {
  if (!child.stdout) throw new Error('the contender has no stdout')
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  return async () => {
    const next = await lines.next()
    if (next.done === true) throw new Error('a contender exited early')
    return next.value
  }
}

export async function raceDataFolderLock(options: { processes: number; trials: number; spacingMs?: number }): Promise<LockRaceTrial[]> {
  const { processes, trials, spacingMs = 40 } = options
  const base = mkdtempSync(path.join(os.tmpdir(), 'threadline-lock-race-'))
  const children: ChildProcess[] = []
  try {
    const stale = { pid: await deadPid(), hostname: os.hostname(), command: 'a crashed server', startedAt: new Date(0).toISOString() }
    for (let trial = 0; trial < trials; trial++) {
      const folder = path.join(base, `trial-${trial}`)
      mkdirSync(folder)
      if (trial % 2 === 1) writeFileSync(path.join(folder, LOCK_FILE_NAME), JSON.stringify(stale))
    }
    const readers = Array.from({ length: processes }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', contender, base, String(trials), String(spacingMs)], { stdio: ['pipe', 'pipe', 'inherit'] })
      children.push(child)
      return lineReader(child)
    })
    for (const readLine of readers) if ((await readLine()) !== 'ready') throw new Error('a contender did not start')
    const startAt = Date.now() + 300
    for (const child of children) child.stdin?.write(`${startAt}\n`)
    const outcomes = await Promise.all(readers.map(async (readLine) => JSON.parse(await readLine()) as string[]))
    return Array.from({ length: trials }, (_, trial) => {
      const each = outcomes.map((list) => list[trial] ?? 'missing')
      return { owners: each.filter((o) => o === 'owner').length, staleAtStart: trial % 2 === 1, errors: each.filter((o) => o !== 'owner' && o !== 'refused') }
    })
  } finally {
    for (const child of children) child.kill('SIGKILL')
    rmSync(base, { recursive: true, force: true })
  }
}
