// Thread export and import over REST (docs/export-format.md): the two
// operations whose bodies are JSON Lines streams, so they bypass tRPC's JSON
// input and the request body limit; they authenticate, spend the rate limit
// and check scopes as every procedure does (rateLimitedCaller, the caller's
// resources), and fail with the same problem documents.
//   GET  /threads/{threadId}/export[?branches=true]   application/x-ndjson, streamed as it is read
//   POST /threads/import[?newThreadId=&resourceId=]   an export file, read line by line, written in one transaction
import { TRPCError } from '@trpc/server'
import { parseInput, ThreadAlreadyExistsError, ThreadlineError } from '@threadline/engine'
import { z } from 'zod'
import { callerResources, canWrite, type Caller } from '../auth/caller.ts'
import { isCsrfSafe } from '../auth/csrf.ts'
import { engineErrorToTRPCError, threadIdUnavailable, writeForbidden } from '../errors.ts'
import { resourceIdInput, threadIdInput } from '../inputs.ts'
import { rateLimitedCaller, type Context } from '../trpc.ts'
import { ndjsonLines } from './ndjson-lines.ts'

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson'

export const exportQuery = z.strictObject({
  /** the thread's branches too (and theirs) */
  branches: z.enum(['true', 'false']).default('false'),
})

export const importQuery = z.strictObject({
  /** import under this id (the branches' and messages' ids get a suffix made from it); default: the exported ids */
  newThreadId: threadIdInput.optional(),
  /** the resource to import into (one of the token's); default: the exported thread's */
  resourceId: resourceIdInput.optional(),
})

export type TransferRoute = { operationId: 'exportThread' | 'importThread'; params: Record<string, string> }

/** The transfer operation a method and the decoded path segments under /api/v1 name, or null. */
export function matchTransferRoute(method: string, segments: readonly string[]): TransferRoute | null {
  // a path under the base path starts with '/': its first segment is ''
  const [root, first, second, third, ...rest] = segments
  if (root !== '' || rest.length > 0 || first !== 'threads') return null
  if (method === 'GET' && second && third === 'export') return { operationId: 'exportThread', params: { threadId: second } }
  if (method === 'POST' && second === 'import' && third === undefined) return { operationId: 'importThread', params: {} }
  return null
}

const resourceIdsOf = (caller: Caller): readonly string[] | null => {
  const resources = callerResources(caller)
  return resources === 'all' ? null : resources
}

/** An engine error as its API error (a taken id: the neutral wording of every create). */
function apiError(error: unknown): unknown {
  if (ThreadAlreadyExistsError.isInstance(error)) return threadIdUnavailable(error, 'newThreadId')
  if (ThreadlineError.isInstance(error)) return engineErrorToTRPCError(error)
  return error
}

const queryOf = (url: URL) => Object.fromEntries(url.searchParams)

/** Lines per chunk of the answer: ~64 KB writes instead of one per line. */
const CHUNK_CHARS = 64 * 1024
const encoder = new TextEncoder()

/** The lines as an ndjson answer, pulled as the reader reads (backpressure: the database is read no faster). The first line is already read: `first`. */
function ndjsonResponse(first: string, lines: AsyncGenerator<string>, headers: Headers): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${first}\n`))
    },
    async pull(controller) {
      let chunk = ''
      try {
        while (chunk.length < CHUNK_CHARS) {
          const next = await lines.next()
          if (next.done) {
            if (chunk !== '') controller.enqueue(encoder.encode(chunk))
            controller.close()
            return
          }
          chunk += `${next.value}\n`
        }
      } catch (error) {
        // the status is sent: the answer ends without its `end` line, which an import refuses
        controller.error(error)
        return
      }
      controller.enqueue(encoder.encode(chunk))
    },
    async cancel() {
      await lines.return(undefined)
    },
  })
  headers.set('content-type', NDJSON_CONTENT_TYPE)
  headers.set('cache-control', 'no-store')
  headers.set('x-accel-buffering', 'no')
  return new Response(stream, { status: 200, headers })
}

async function exportThread(ctx: Context, params: Record<string, string>, url: URL): Promise<Response> {
  const caller = await rateLimitedCaller(ctx)
  const threadId = parseInput(threadIdInput, params.threadId, { root: 'threadId' })
  const { branches } = parseInput(exportQuery, queryOf(url))
  const lines = ctx.services.threadTransfer.exportThread({ threadId, resourceIds: resourceIdsOf(caller), branches: branches === 'true' })
  // the first line is read before the answer starts: an unknown thread is a 404, not a broken stream
  const first = await lines.next()
  if (first.done) throw new Error('An export always has a header line')
  ctx.resHeaders.set('content-disposition', `attachment; filename="thread-${encodeURIComponent(threadId)}.jsonl"`)
  return ndjsonResponse(first.value, lines, ctx.resHeaders)
}

async function importThread(ctx: Context, request: Request, url: URL): Promise<Response> {
  const caller = await rateLimitedCaller(ctx)
  if (!isCsrfSafe(ctx.headers)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Writes from a browser session must send the "x-threadline-csrf" header' })
  if (!canWrite(caller)) throw writeForbidden()
  const { newThreadId, resourceId } = parseInput(importQuery, queryOf(url))
  const { maxBodyBytes, maxImportBytes } = ctx.services.config
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > maxImportBytes)
    throw new TRPCError({
      code: 'PAYLOAD_TOO_LARGE',
      message: `The import declares ${declared} bytes, more than ${maxImportBytes} (THREADLINE_MAX_IMPORT_BYTES)`,
    })
  if (request.body === null) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body is empty: send the lines of an export' })
  const lines = ndjsonLines(request.body, { maxLineBytes: maxBodyBytes, maxTotalBytes: maxImportBytes })
  const result = await ctx.services.threadTransfer.importThread(lines, {
    resourceIds: resourceIdsOf(caller),
    ...(newThreadId === undefined ? {} : { newThreadId }),
    ...(resourceId === undefined ? {} : { resourceId }),
  })
  ctx.resHeaders.set('content-type', 'application/json')
  return new Response(JSON.stringify(result), { status: 200, headers: ctx.resHeaders })
}

/** Runs the route; a failure is thrown as the API error its problem document is made from. */
export async function handleTransferRoute(route: TransferRoute, ctx: Context, request: Request, url: URL): Promise<Response> {
  try {
    return route.operationId === 'exportThread' ? await exportThread(ctx, route.params, url) : await importThread(ctx, request, url)
  } catch (error) {
    throw apiError(error)
  }
}
