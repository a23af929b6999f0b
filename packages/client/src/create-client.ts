// createThreadlineClient: the typed client of the Threadline API over HTTP
// (tRPC's wire protocol, @trpc/client bundled in). Every call fails as a
// ThreadlineError, has a timeout, is retried when that is safe
// (retry-policy.ts), and rides in a batch bounded by URL length and item count.
import { createTRPCUntypedClient, getFetch, httpBatchLink, httpBatchStreamLink, httpLink, splitLink, TRPCClientError } from '@trpc/client'
import { abortReason, isStreamingCall, retryAfterMs } from '@threadline/api/client'
import superjson from 'superjson'
import type { CallOptions, MutationOptions, ThreadlineClient } from './client-types.ts'
import { threadlineFetch, REQUEST_ID_HEADER, type TransportHooks } from './http-transport.ts'
import { iteratePages, PAGED_LISTS } from './paged-lists.ts'
import { threadTransfer } from './thread-transfer.ts'
import { retryDelayMs, type RetryOptions } from './retry-policy.ts'
import { saveAll, type SaveAllOptions } from './save-all.ts'
import { ThreadlineError, type ThreadlineErrorData } from './threadline-error.ts'

export type ThreadlineClientOptions = TransportHooks & {
  /** the Threadline server, e.g. `https://threadline.internal` (or its tRPC endpoint, `.../api/trpc`) */
  url: string
  /** an API token issued by an operator (`tl_...`) */
  token?: string
  /** more headers for every request (e.g. a tracing id) */
  headers?: Record<string, string> | (() => Record<string, string>)
  /** a fetch implementation (default: the global fetch) */
  fetch?: typeof fetch
  /** retrying transient failures (retry-policy.ts); false: never */
  retry?: RetryOptions | false
  /** the longest a call takes, retries included (default 30000 ms; 0: no limit); a call's `timeoutMs` or `signal` overrides it */
  timeoutMs?: number
  /** the longest URL of a batched GET (default 8000): more calls go in more requests, never a 431 */
  maxURLLength?: number
  /** the most calls in one batched request (default 50) */
  maxItems?: number
}

/** Writes that create something: each is sent with an Idempotency-Key (the caller's, or a new one), so retrying it is safe. */
const CREATES = new Set(['threads.create', 'clone.create', 'branches.create'])

/** Writes that are idempotent by themselves: a save stores the same messages by id again, so it is retried like a query. */
const IDEMPOTENT_WRITES = new Set(['messages.save'])

/** The header the server requires on mutations not authenticated by a token (CSRF protection); harmless with one. */
const CSRF_HEADERS = { 'x-threadline-csrf': '1' }

function endpointOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '')
  return trimmed.endsWith('/api/trpc') ? trimmed : `${trimmed}/api/trpc`
}

/** The REST base (`/api/v1`) of the server `url` names (its origin and any path before `/api/trpc`). */
function restBaseOf(url: string): string {
  return `${endpointOf(url).slice(0, -'/api/trpc'.length)}/api/v1`
}

type Signals = { caller: AbortSignal | undefined; timeout: AbortSignal | undefined; timeoutMs: number; maxURLLength?: number }

/** What httpBatchLink throws for one call whose URL alone is over maxURLLength. */
const TOO_BIG_FOR_ONE_REQUEST = 'Input is too big for a single dispatch'

/** Any failure of a call as a ThreadlineError. */
function toThreadlineError(error: unknown, signals: Signals): ThreadlineError {
  if (signals.caller?.aborted)
    return new ThreadlineError(`The call was aborted: ${abortReason(signals.caller).message}`, { kind: 'aborted', code: 'ABORTED', cause: error })
  if (signals.timeout?.aborted) return new ThreadlineError(`No answer within ${signals.timeoutMs} ms`, { kind: 'timeout', code: 'TIMEOUT', cause: error })
  if (error instanceof ThreadlineError) return error
  if (!(error instanceof TRPCClientError))
    return new ThreadlineError(error instanceof Error ? error.message : String(error), { kind: 'network', code: 'NETWORK_ERROR', cause: error })
  if (error.cause instanceof ThreadlineError) return error.cause
  if (error.cause?.message === TOO_BIG_FOR_ONE_REQUEST) {
    return new ThreadlineError(
      `The call's input does not fit in a URL of maxURLLength characters (${signals.maxURLLength}); a larger limit sends it, if the server and its proxies accept that URL`,
      {
        kind: 'request',
        code: 'URL_TOO_LONG',
        cause: error,
      },
    )
  }
  const data = error.data as ThreadlineErrorData | undefined
  const response = (error.meta as { response?: Response } | undefined)?.response
  const requestId = response?.headers.get(REQUEST_ID_HEADER) ?? undefined
  if (!data?.code)
    return new ThreadlineError(`An answer the client cannot read: ${error.message}`, {
      kind: 'http',
      code: 'INVALID_RESPONSE',
      status: response?.status,
      requestId,
      cause: error,
    })
  return new ThreadlineError(error.message, {
    kind: 'server',
    code: data.code,
    status: data.httpStatus,
    data,
    requestId,
    retryAfterMs: retryAfterMs(response?.headers.get('retry-after') ?? null) ?? undefined,
    cause: error,
  })
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortReason(signal))
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
}

export function createThreadlineClient(options: ThreadlineClientOptions): ThreadlineClient {
  // the global fetch is looked up per call, so a fetch installed later is used
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const headers = () => ({
    ...CSRF_HEADERS,
    ...(typeof options.headers === 'function' ? options.headers() : (options.headers ?? {})),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  })
  const maxURLLength = options.maxURLLength ?? 8000
  const transport = { url: endpointOf(options.url), transformer: superjson, fetch: getFetch(threadlineFetch(baseFetch, options)) }
  const untyped = createTRPCUntypedClient({
    links: [
      splitLink({
        condition: isStreamingCall,
        true: httpBatchStreamLink({ ...transport, headers, maxItems: 1 }),
        false: splitLink({
          // an Idempotency-Key belongs to one call: such a write goes alone
          condition: (op) => typeof op.context.idempotencyKey === 'string',
          true: httpLink({ ...transport, headers: ({ op }) => ({ ...headers(), 'idempotency-key': String(op.context.idempotencyKey) }) }),
          false: httpBatchLink({ ...transport, headers, maxURLLength, maxItems: options.maxItems ?? 50 }),
        }),
      }),
    ],
  })
  const retry = options.retry ?? {}

  async function call(path: string, method: 'query' | 'mutate', input: unknown, callOptions: MutationOptions = {}): Promise<unknown> {
    const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs ?? 30_000
    const signals: Signals = { caller: callOptions.signal, timeout: timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined, timeoutMs, maxURLLength }
    const signal = AbortSignal.any([signals.caller, signals.timeout].filter((item) => item !== undefined))
    const idempotencyKey = callOptions.idempotencyKey ?? (CREATES.has(path) ? crypto.randomUUID() : undefined)
    const safeToRepeat = method === 'query' || idempotencyKey !== undefined || IDEMPOTENT_WRITES.has(path)
    for (let attempt = 0; ; attempt++) {
      try {
        return method === 'query' ? await untyped.query(path, input, { signal }) : await untyped.mutation(path, input, { signal, context: { idempotencyKey } })
      } catch (caught) {
        const error = toThreadlineError(caught, signals)
        const delay = retryDelayMs(error, attempt, safeToRepeat, retry)
        if (delay === null) throw error
        await sleep(delay, signal).catch((aborted: unknown) => {
          throw toThreadlineError(aborted, signals)
        })
      }
    }
  }

  async function* stream(path: string, input: unknown, callOptions: CallOptions = {}): AsyncGenerator<unknown, void, undefined> {
    // a streamed turn runs as long as its model does: no default timeout, the caller's signal ends it
    const signals: Signals = {
      caller: callOptions.signal,
      timeout: callOptions.timeoutMs ? AbortSignal.timeout(callOptions.timeoutMs) : undefined,
      timeoutMs: callOptions.timeoutMs ?? 0,
    }
    const request = new AbortController()
    const signal = AbortSignal.any([request.signal, ...[signals.caller, signals.timeout].filter((item) => item !== undefined)])
    try {
      const events = (await untyped.mutation(path, input, { signal })) as AsyncIterable<unknown>
      for await (const event of events) yield event
    } catch (caught) {
      throw toThreadlineError(caught, signals)
    } finally {
      // the stream ended, or the caller left the loop: close the request either way
      request.abort()
    }
  }

  const saveMessages = (messages: readonly unknown[], saveOptions?: SaveAllOptions) =>
    saveAll(
      (batch, callOptions) => call('messages.save', 'mutate', { messages: batch }, callOptions) as Promise<{ messageIds: string[] }>,
      messages,
      saveOptions,
    )

  function procedure(path: string[]): unknown {
    const dotted = path.join('.')
    const itemsField = (PAGED_LISTS as Record<string, Record<string, string> | undefined>)[path[0] ?? '']?.[path[1] ?? '']
    return {
      query: (input?: unknown, callOptions?: CallOptions) => call(dotted, 'query', input, callOptions),
      mutate: (input?: unknown, callOptions?: MutationOptions) => call(dotted, 'mutate', input, callOptions),
      stream: (input?: unknown, callOptions?: CallOptions) => stream(dotted, input, callOptions),
      ...(itemsField
        ? {
            iterate: (input: Record<string, unknown> = {}, callOptions?: CallOptions) =>
              iteratePages(input, itemsField, (page) => call(dotted, 'query', page, callOptions)),
          }
        : {}),
    }
  }

  const restRequest = threadlineFetch(baseFetch, options)
  const transfer = threadTransfer(restBaseOf(options.url), (url, init) => restRequest(url, { ...init, headers: { ...headers(), ...init.headers } }))

  const client = (path: string[]): unknown =>
    new Proxy(
      {},
      {
        get(_target, key) {
          if (typeof key !== 'string' || key === 'then') return undefined
          if (path.length === 1 && path[0] === 'messages' && key === 'iterate') return (procedure(['messages', 'list']) as { iterate: unknown }).iterate
          if (path.length === 1 && path[0] === 'messages' && key === 'saveAll') return saveMessages
          if (path.length === 1 && path[0] === 'threads' && (key === 'export' || key === 'import')) return transfer[key]
          const leaf = procedure(path) as Record<string, unknown>
          return path.length > 0 && key in leaf ? leaf[key] : client([...path, key])
        },
      },
    )
  return client([]) as ThreadlineClient
}
