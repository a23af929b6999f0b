// The typed client for app backends: `createThreadlineClient({ url, token })`
// calls the Threadline API over HTTP with a bearer API token; every procedure's
// input and output is typed from the server's router.
import { createTRPCClient, getFetch, httpBatchLink, httpBatchStreamLink, splitLink, TRPCClientError, type Operation } from '@trpc/client'
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import superjson from 'superjson'
import type { AppRouter } from '../routers/app.ts'
import { retryOn429, type RetryOptions } from './retry-after.ts'

export type { AppRouter } from '../routers/app.ts'
export type { RetryOptions } from './retry-after.ts'
export { abortReason, retryAfterMs } from './retry-after.ts'
export { THREAD_DIFF_DEFAULT_MESSAGES, THREAD_DIFF_MAX_MESSAGES } from '../routers/thread-diff-limits.ts'
export { streamTurn, type CompareEvent, type StreamTurnOptions, type TurnEvent, type TurnEventOf, type TurnKind } from './stream-turn.ts'
export type ThreadlineInputs = inferRouterInputs<AppRouter>
export type ThreadlineOutputs = inferRouterOutputs<AppRouter>
export type ThreadlineClient = ReturnType<typeof createTRPCClient<AppRouter>>

export type ThreadlineClientOptions = {
  /** the Threadline server, e.g. `https://threadline.internal` (or its tRPC endpoint, `.../api/trpc`) */
  url: string
  /** an API token issued by an operator (`tl_...`) */
  token?: string
  /** more headers for every request (e.g. a tracing id) */
  headers?: Record<string, string> | (() => Record<string, string>)
  /** a fetch implementation (default: the global fetch) */
  fetch?: typeof fetch
  /** retrying after 429 Too Many Requests, as the server's Retry-After says (default: up to 3 times, waits up to 60 s); false: never */
  retry?: RetryOptions | false
}

/** The header the server requires on mutations not authenticated by a token (CSRF protection); harmless with one. */
const CSRF_HEADERS = { 'x-threadline-csrf': '1' }

function endpointOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '')
  return trimmed.endsWith('/api/trpc') ? trimmed : `${trimmed}/api/trpc`
}

/**
 * The workbench's turns stream their events (`for await (const event of await client.workbench.turn.mutate(...))`):
 * they go over httpBatchStreamLink, one call per request, so aborting one (`mutate(input, { signal })`)
 * closes its request and the server aborts the provider call.
 */
export function isStreamingCall(op: Pick<Operation, 'type' | 'path'>): boolean {
  return op.type === 'mutation' && op.path.startsWith('workbench.')
}

export function createThreadlineClient(options: ThreadlineClientOptions): ThreadlineClient {
  // the global fetch is looked up per call, so a fetch installed later is used
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const transport = {
    url: endpointOf(options.url),
    transformer: superjson,
    fetch: getFetch(options.retry === false ? baseFetch : retryOn429(baseFetch, options.retry)),
    headers() {
      const extra = typeof options.headers === 'function' ? options.headers() : (options.headers ?? {})
      return { ...CSRF_HEADERS, ...extra, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) }
    },
  }
  return createTRPCClient<AppRouter>({
    links: [splitLink({ condition: isStreamingCall, true: httpBatchStreamLink({ ...transport, maxItems: 1 }), false: httpBatchLink(transport) })],
  })
}

/** What a refused input was wrong with: the first field at fault and every problem (`path`: `messages[2].role`). */
export type ThreadlineErrorData = {
  code: string
  httpStatus: number
  path?: string
  field?: string
  issues?: { path: string; message: string }[]
  /** a server failure: the ID its details are logged under */
  errorId?: string
  /** a batch refused as too large (PAYLOAD_TOO_LARGE): the server's limits and what was sent */
  limit?: { bytes: number; messages: number }
  size?: { bytes?: number; messages?: number }
}

/** The error data of a failed call (code, HTTP status, field, issues), or undefined for errors that are not the server's answer. */
export function threadlineErrorData(error: unknown): ThreadlineErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ThreadlineErrorData | undefined) : undefined
}

/** The tRPC error code of a failed call (`NOT_FOUND`, `FORBIDDEN`, ...), or undefined for other errors. */
export function threadlineErrorCode(error: unknown): string | undefined {
  return threadlineErrorData(error)?.code
}

export { TRPCClientError }
