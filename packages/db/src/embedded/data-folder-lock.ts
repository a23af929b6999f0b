// One owner per embedded data folder. PGlite has no lock of its own: two
// processes writing one folder (two servers, or `db:seed` against a live
// server) corrupt it for good. The owner creates `threadline.lock` in the
// folder atomically (O_EXCL) with its pid; a later opener reads it and is
// refused while that process lives. A lock whose process is gone (SIGKILL,
// a crash) is stale and taken over.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { StorageError } from '@threadline/engine'

export const LOCK_FILE_NAME = 'threadline.lock'

export type LockOwner = { pid: number; hostname: string; command: string; startedAt: string }

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

function isAlive(owner: LockOwner): boolean {
  // A pid on another machine (a folder on a network share) cannot be checked: assume it lives.
  if (owner.hostname !== os.hostname()) return true
  try {
    process.kill(owner.pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner
  } catch {
    // gone meanwhile, or half written by a process that died while writing it
    return undefined
  }
}

function tryCreate(file: string, owner: LockOwner): boolean {
  let fd: number
  try {
    fd = openSync(file, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, JSON.stringify(owner))
  } finally {
    closeSync(fd)
  }
  return true
}

/** Moves a stale lock aside (rename is atomic: of two takers only one succeeds) and deletes it. */
function removeStale(file: string): void {
  const aside = `${file}.stale-${process.pid}`
  try {
    renameSync(file, aside)
    unlinkSync(aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
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
  }
  for (let attempt = 0; !tryCreate(file, me); attempt++) {
    const owner = readOwner(file)
    if (owner?.pid === process.pid && owner.hostname === me.hostname) {
      throw new StorageError(`The embedded database ${dataDir} is already open in this process: open it once and share it.`)
    }
    if (owner && isAlive(owner)) throw new DatabaseInUseError(dataDir, owner)
    if (attempt >= 3) throw new StorageError(`Could not take the lock ${file}: it keeps changing.`)
    removeStale(file)
  }
  const releaseOnExit = () => release()
  function release() {
    process.off('exit', releaseOnExit)
    const owner = readOwner(file)
    if (owner?.pid === me.pid && owner.startedAt === me.startedAt) {
      try {
        unlinkSync(file)
      } catch {
        // already gone
      }
    }
  }
  process.on('exit', releaseOnExit)
  return { file, release }
}
