// Thread export and import (the server's JSON Lines format, docs/export-format.md
// in the repository) over REST: `export` yields the file's lines as they arrive
// (parsed), `import` streams a file (or any lines, e.g. another export) as the
// request body. Neither holds the whole thread: a 100,000-message thread flows
// through. Failures are ThreadlineErrors (the transport turns problem answers
// into them); there is no default timeout, a call's `signal` or `timeoutMs` ends it.
import type { CallOptions } from './client-types.ts'
import { ThreadlineError } from './threadline-error.ts'

/** One line of an export: the header (`format`, `version`, `thread`), then lines typed by `type` (`message`, `branch`, ..., `end`). */
export type ThreadExportLine = { type?: string; format?: string } & Record<string, unknown>

export type ThreadExportOptions = CallOptions & {
  /** the thread's branches too (and theirs) */
  branches?: boolean
}

export type ThreadImportOptions = CallOptions & {
  /** import under this id (the branches' and messages' ids get a suffix made from it); default: the exported ids */
  newThreadId?: string
  /** the resource to import into; default: the exported thread's */
  resourceId?: string
}

export type ThreadImportResult = { status: 'imported' | 'existing'; threadId: string; resourceId: string; threads: number; messages: number }

/** A whole file (text or bytes), or its lines: strings, parsed lines (objects) or byte chunks, synchronous or not. */
export type ThreadImportSource =
  string | Uint8Array | ReadableStream<Uint8Array> | Iterable<string | Uint8Array | ThreadExportLine> | AsyncIterable<string | Uint8Array | ThreadExportLine>

export type ThreadTransfer = {
  /** the thread's export, line by line as the server streams it: `for await (const line of tl.threads.export(id))` */
  export: (threadId: string, options?: ThreadExportOptions) => AsyncIterable<ThreadExportLine>
  /** imports an export: all or nothing; a repeat of the same file (same id and resource) answers `existing` */
  import: (source: ThreadImportSource, options?: ThreadImportOptions) => Promise<ThreadImportResult>
}

const NDJSON = 'application/x-ndjson'
const encoder = new TextEncoder()

function signalOf(options: CallOptions): AbortSignal | null {
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter((signal) => signal !== undefined)
  return signals.length === 0 ? null : AbortSignal.any(signals)
}

function query(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined))
  return params.size === 0 ? '' : `?${params}`
}

function chunkOf(item: string | Uint8Array | ThreadExportLine): Uint8Array {
  if (item instanceof Uint8Array) return item
  const text = typeof item === 'string' ? item : JSON.stringify(item)
  return encoder.encode(text.endsWith('\n') ? text : `${text}\n`)
}

/** The source as a request body: a whole file as it is, lines each ended by a line break. */
function bodyOf(source: ThreadImportSource): string | Uint8Array | ReadableStream<Uint8Array> {
  if (typeof source === 'string' || source instanceof Uint8Array || source instanceof ReadableStream) return source
  const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(chunkOf(next.value))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}

/** The response body's lines, parsed. */
async function* parsedLines(body: ReadableStream<Uint8Array>): AsyncGenerator<ThreadExportLine, void, undefined> {
  const decoder = new TextDecoder()
  let pending = ''
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true })
      const lines = pending.split('\n')
      pending = done ? '' : (lines.pop() ?? '')
      for (const line of lines) if (line.trim() !== '') yield JSON.parse(line) as ThreadExportLine
      if (done) return
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

/** `restBase`: the server's `/api/v1`; `request`: the client's fetch (request ids, hooks, errors as ThreadlineErrors) with its headers. */
export function threadTransfer(
  restBase: string,
  request: (url: string, init: Omit<RequestInit, 'headers'> & { headers: Record<string, string> }) => Promise<Response>,
): ThreadTransfer {
  return {
    export: async function* (threadId, options = {}) {
      const url = `${restBase}/threads/${encodeURIComponent(threadId)}/export${query({ branches: options.branches ? 'true' : undefined })}`
      const response = await request(url, { method: 'GET', headers: { accept: NDJSON }, signal: signalOf(options) })
      if (response.body === null)
        throw new ThreadlineError('The export answer has no body', { kind: 'http', code: 'INVALID_RESPONSE', status: response.status })
      yield* parsedLines(response.body)
    },
    import: async (source, options = {}) => {
      const url = `${restBase}/threads/import${query({ newThreadId: options.newThreadId, resourceId: options.resourceId })}`
      const body = bodyOf(source)
      // a streamed body needs `duplex: 'half'` (fetch's rule for a ReadableStream body); without
      // `redirect: 'error'` and `window: null`, fetch clones the request to be able to send it again
      // after a redirect, and that clone tees the body: its unread branch holds the whole file
      const init = {
        method: 'POST',
        headers: { 'content-type': NDJSON },
        body,
        signal: signalOf(options),
        duplex: 'half',
        redirect: 'error',
        window: null,
      } as RequestInit & { headers: Record<string, string> }
      const response = await request(url, init)
      return (await response.json()) as ThreadImportResult
    },
  }
}
