// The thread the Universal Sentence Encoder runs in (encoder-worker.mjs),
// started on the first embedding and shared by every model instance of the
// process. It does not keep the process alive while idle.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'encoder-worker.mjs')

type Reply = { id: number; embeddings?: number[][]; error?: string }
type Pending = { resolve(embeddings: number[][]): void; reject(error: Error): void }

let worker: Worker | null = null
const pending = new Map<number, Pending>()
let nextId = 0

function failAll(error: Error): void {
  for (const request of pending.values()) request.reject(error)
  pending.clear()
}

function started(): Worker {
  if (worker) return worker
  // Reflect.construct, not `new Worker(file)`: Next's bundler treats `new Worker(...)` as a module to bundle (as embedded-server.ts)
  const thread = Reflect.construct(Worker, [WORKER_FILE])
  thread.on('message', (reply: Reply) => {
    const request = pending.get(reply.id)
    if (!request) return
    pending.delete(reply.id)
    if (pending.size === 0) thread.unref()
    if (reply.embeddings) request.resolve(reply.embeddings)
    else request.reject(new Error(`universal sentence encoder: ${reply.error ?? 'no embeddings'}`))
  })
  thread.on('error', (error) => failAll(error))
  thread.on('exit', (code) => {
    worker = null
    failAll(new Error(`universal sentence encoder thread exited (code ${code})`))
  })
  thread.unref()
  worker = thread
  return thread
}

/** The texts' vectors, computed on the encoder's thread; `signal` rejects the wait (the batch itself runs to its end). */
export function embedOnEncoderThread(texts: string[], signal?: AbortSignal): Promise<number[][]> {
  signal?.throwIfAborted()
  const thread = started()
  const id = nextId++
  return new Promise<number[][]>((resolve, reject) => {
    const onAbort = () => {
      pending.delete(id)
      if (pending.size === 0) thread.unref()
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    const settle =
      <T>(fn: (value: T) => void) =>
      (value: T) => {
        signal?.removeEventListener('abort', onAbort)
        fn(value)
      }
    pending.set(id, { resolve: settle(resolve), reject: settle(reject) })
    thread.ref()
    thread.postMessage({ id, texts })
  })
}
