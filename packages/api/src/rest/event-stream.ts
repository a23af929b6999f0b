// A streaming procedure's events as server-sent events (text/event-stream):
// `event:` is the event's `type`, `data:` the event as JSON. The first event
// is awaited before the answer starts, so a turn that fails before it begins
// (model, scope) is an ordinary problem answer with its status; a failure
// after that ends the stream with `event: error` and the problem document.
// The reader going away cancels the stream: the procedure's signal aborts.
import type { Problem } from './problem.ts'

export const EVENT_STREAM_CONTENT_TYPE = 'text/event-stream'

const encoder = new TextEncoder()

/** One server-sent event; JSON.stringify never writes a line break, so `data` is one line. */
export function serverSentEvent(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}

function eventName(value: unknown): string {
  const type = (value as { type?: unknown } | null)?.type
  return typeof type === 'string' ? type : 'message'
}

/**
 * The answer for `events` (the first one already read: `first`), as the
 * stream pulls them. `problemOf` turns a failure into its problem document;
 * `abort` is called when the reader goes away.
 */
export function eventStreamResponse(
  iterator: AsyncIterator<unknown>,
  first: IteratorResult<unknown>,
  options: { headers: Headers; problemOf: (error: unknown) => Problem; abort: () => void },
): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close()
      else controller.enqueue(serverSentEvent(eventName(first.value), first.value))
    },
    async pull(controller) {
      try {
        const next = await iterator.next()
        if (next.done) controller.close()
        else controller.enqueue(serverSentEvent(eventName(next.value), next.value))
      } catch (error) {
        controller.enqueue(serverSentEvent('error', options.problemOf(error)))
        controller.close()
      }
    },
    async cancel() {
      options.abort()
      await iterator.return?.()
    },
  })
  const { headers } = options
  headers.set('content-type', EVENT_STREAM_CONTENT_TYPE)
  headers.set('cache-control', 'no-cache')
  // a reverse proxy (nginx) must pass each event on as it comes
  headers.set('x-accel-buffering', 'no')
  return new Response(stream, { status: 200, headers })
}
