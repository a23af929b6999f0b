// Starts the embedded database in its own worker thread, served over the
// PostgreSQL wire protocol (@electric-sql/pglite-socket) on a Unix socket in a
// private (0700) temporary folder: no TCP port, no other user can connect.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { StorageError } from '@threadline/engine'

const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'embedded-server-worker.mjs')
/** node-postgres finds a Unix socket as `<host folder>/.s.PGSQL.<port>` */
const SOCKET_PORT = 5432
const STOP_TIMEOUT_MS = 10_000

export type EmbeddedServer = {
  /** the socket folder: node-postgres's `host` */
  host: string
  port: number
  stop(): Promise<void>
}

type WorkerMessage = { ready?: true; stopped?: true; error?: string }

function nextMessage(worker: Worker, accept: (message: WorkerMessage) => boolean): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (!accept(message)) return
      cleanup()
      resolve(message)
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const onExit = (code: number) => {
      cleanup()
      reject(new Error(`the embedded database thread exited (code ${code})`))
    }
    const cleanup = () => {
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
    }
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
  })
}

/** Opens `dataDir` in a new worker thread; resolves once it accepts connections. */
export async function startEmbeddedServer(dataDir: string): Promise<EmbeddedServer> {
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'threadline-pglite-'))
  // Reflect.construct, not `new Worker(file)`: Next's bundler (Turbopack) treats
  // `new Worker(...)` as a module to bundle and fails on a path it cannot resolve
  // statically; the worker must load from disk as plain Node.
  const options = { workerData: { dataDir, socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`) } }
  const worker = Reflect.construct(Worker, [WORKER_FILE, options]) as Worker
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true })
  try {
    const first = await nextMessage(worker, (message) => Boolean(message.ready ?? message.error))
    if (first.error !== undefined) throw new Error(first.error)
  } catch (error) {
    await worker.terminate()
    removeSocketDir()
    throw new StorageError(`Opening the embedded database ${dataDir} failed: ${error instanceof Error ? error.message : String(error)}`, error)
  }
  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      try {
        const done = nextMessage(worker, (message) => message.stopped === true)
        worker.postMessage('stop')
        // PGlite flushes and closes its folder; a hung close must not hang the caller.
        await Promise.race([done, new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref())])
      } catch {
        // the thread is already gone
      } finally {
        await worker.terminate()
        removeSocketDir()
      }
    })())
  return { host: socketDir, port: SOCKET_PORT, stop }
}
