// One owner per embedded data folder. PGlite has no lock of its own: two
// processes writing one folder (two servers, or `db:seed` against a live
// server) corrupt it for good. The owner creates `threadline.lock` in the
// folder with its identity (pid, the process's start time, a nonce); a later
// opener reads it and is refused while that process lives. A lock whose
// process is gone (SIGKILL, a crash, a pid now reused by another process) is
// stale and taken over. Issue 33: both steps are atomic (see tryCreate and
// breakStale), because racing openers both won 14 times in 80.
import { createHash, randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { StorageError } from '@threadline/engine'
import { z } from 'zod'

export const LOCK_FILE_NAME = 'threadline.lock'

const lockOwnerSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  command: z.string(),
  startedAt: z.string(),
  /** the kernel's start time of `pid` (Linux): tells a reused pid from the owner */
  processStart: z.string().optional(),
  /** this lock's own id: release() removes its own lock only */
  nonce: z.string().optional(),
})

export type LockOwner = z.infer<typeof lockOwnerSchema>

/** The folder is held by another live process: its pid and command are in the message. */
export class DatabaseInUseError extends StorageError {
  readonly owner: LockOwner
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The embedded database ${dataDir} is in use by process ${owner.pid} on ${owner.hostname} ("${owner.command}", since ${owner.startedAt}). ` +
        'Embedded mode is for one process: stop that process first (run db:migrate and db:seed before starting the server), ' +
        'or use PostgreSQL (DATABASE_URL=postgres://...) to share a database.',
    )
    this.name = 'DatabaseInUseError'
    this.owner = owner
  }
}

export type DataFolderLock = { readonly file: string; release(): void }

/** Takeover rounds before giving up: each round is a few file operations, unless another live process is mid-takeover. */
const MAX_ATTEMPTS = 50
const RETRY_PAUSE_MS = 5

/** Field 22 of /proc/<pid>/stat (clock ticks after boot); undefined where there is no /proc. */
function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name (field 2) may hold spaces and parentheses: count from the last ')', which ends it
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

function isAlive(owner: LockOwner): boolean {
  // A pid on another machine (a folder on a network share) cannot be checked: assume it lives.
  if (owner.hostname !== os.hostname()) return true
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // the pid lives, but after a restart (a container's pid 1) it may be another process
  const start = owner.processStart === undefined ? undefined : processStartOf(owner.pid)
  return start === undefined || start === owner.processStart
}

type HeldLock = { raw: string; owner: LockOwner | undefined }

/** The lock's text and its owner (undefined when it is not ours to read: an older or damaged lock); undefined when there is no lock. */
function readLock(file: string): HeldLock | undefined {
  let raw: string
  try {
    raw = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  return { raw, owner: lockOwnerSchema.safeParse(parsed).data }
}

/**
 * Creates `file` holding `owner`, or false when it exists. The text is
 * written to a private file first and hard-linked into place (link fails on
 * an existing name, like O_EXCL): a reader never sees a half-written lock.
 * An O_EXCL create followed by a write did let one, and a half-written lock
 * read as stale was removed under its owner (the issue 33 race).
 */
function tryCreate(file: string, owner: LockOwner): boolean {
  const draft = `${file}.${owner.pid}-${randomUUID()}.draft`
  writeFileSync(draft, JSON.stringify(owner), { flag: 'wx', mode: 0o600 })
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(draft)
  }
}

function unlinkIfPresent(file: string): void {
  try {
    unlinkSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/**
 * Removes the stale lock whose text is `stale`, race-free: only the process
 * that creates the takeover file named after that exact text (atomically, as
 * any lock) may remove it, and only while the lock still holds that text. A
 * lock's text is unique (nonce), so once removed it never comes back, and a
 * later taker with the same takeover name finds a different lock and leaves
 * it. A takeover file left by a process that died mid-takeover is itself a
 * stale lock, taken over the same way. Returns false when a live process is
 * taking over right now (the caller retries).
 */
function breakStale(file: string, stale: string, me: LockOwner, depth = 0): boolean {
  const takeover = `${file}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`
  if (tryCreate(takeover, me)) {
    try {
      if (readLock(file)?.raw === stale) unlinkIfPresent(file)
    } finally {
      unlinkSync(takeover)
    }
    return true
  }
  const held = readLock(takeover)
  if (held === undefined) return true
  if (held.owner !== undefined && isAlive(held.owner)) return false
  return depth < 2 && breakStale(takeover, held.raw, me, depth + 1)
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Takes the folder for this process or throws DatabaseInUseError naming the
 * owner. The lock is released by `release()` and, failing that, when the
 * process exits; after a SIGKILL the next opener finds it stale.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE_NAME)
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
    nonce: randomUUID(),
  }
  for (let attempt = 0; !tryCreate(file, me); attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new StorageError(`Could not take the lock ${file}: it keeps changing.`)
    const held = readLock(file)
    if (held === undefined) continue
    const { owner } = held
    if (owner?.pid === me.pid && owner.hostname === me.hostname && owner.processStart === me.processStart) {
      throw new StorageError(`The embedded database ${dataDir} is already open in this process: open it once and share it.`)
    }
    if (owner !== undefined && isAlive(owner)) throw new DatabaseInUseError(dataDir, owner)
    if (!breakStale(file, held.raw, me)) pause(RETRY_PAUSE_MS)
  }
  const releaseOnExit = () => release()
  function release() {
    process.off('exit', releaseOnExit)
    if (readLock(file)?.owner?.nonce === me.nonce) unlinkIfPresent(file)
  }
  process.on('exit', releaseOnExit)
  return { file, release }
}
