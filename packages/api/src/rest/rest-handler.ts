// The REST surface as a fetch handler: the method and path pick an operation,
// the path, query and JSON body make the procedure's raw input, and the
// procedure runs through tRPC (same middlewares: auth, scopes, rate limit,
// input schema). Answers are plain JSON (a streaming procedure's: server-sent
// events); errors are problem documents from the same errorFormatter the tRPC
// answers use.
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError } from '@trpc/server'
import { BatchTooLarge, type BatchLimit, type BatchSize } from '../batch-limits.ts'
import { limitRequestBody } from '../body-limit.ts'
import { createContextFactory } from '../http-handler.ts'
import { appRouter } from '../routers/app.ts'
import type { Services } from '../services.ts'
import type { Context } from '../trpc.ts'
import { eventStreamResponse } from './event-stream.ts'
import { propertiesOf, type JsonSchema } from './json-schema.ts'
import { inputSchemaOf, procedureOf, takesQuery } from './openapi-document.ts'
import { allowedMethods, matchRestOperation, type RestOperation } from './operations.ts'
import { decodedPathSegments, malformedPathProblem, REST_BASE_PATH } from './path-segments.ts'
import { problemOf, problemResponse, type Problem } from './problem.ts'
import { handleTransferRoute, matchTransferRoute, type TransferRoute } from './thread-transfer.ts'

/** A query string value as the property's JSON type (numbers, booleans); anything else stays text for the schema to judge. */
function queryValue(text: string, schema: JsonSchema | undefined): unknown {
  const type = schema?.type
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text)
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true'
  return text
}

/** The operation's header inputs the request carries, as input fields. */
function headerFields(operation: RestOperation, headers: Headers): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const { header, field, parse } of operation.headerInputs ?? []) {
    const text = headers.get(header)
    if (text !== null) fields[field] = parse(text)
  }
  return fields
}

async function rawInput(operation: RestOperation, params: Record<string, string>, request: Request, url: URL): Promise<Record<string, unknown>> {
  const fromHeaders = headerFields(operation, request.headers)
  if (takesQuery(operation)) {
    const properties = propertiesOf(inputSchemaOf(operation))
    const query = Object.fromEntries([...url.searchParams].map(([name, value]) => [name, queryValue(value, properties[name])]))
    return { ...query, ...fromHeaders, ...params }
  }
  const text = await request.text()
  let body: unknown
  try {
    body = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object' })
  // the path names the thread: it wins over the same field in the body
  return { ...(body as Record<string, unknown>), ...fromHeaders, ...params }
}

type ErrorContext = { ctx: Context | undefined; path: string | undefined; input: unknown; headers: Headers; type: 'query' | 'mutation' }

function problemFor(cause: unknown, context: ErrorContext): Problem {
  const error = getTRPCErrorFromUnknown(cause)
  return problemOf(getTRPCErrorShape({ config: appRouter._def._config, error, type: context.type, path: context.path, input: context.input, ctx: context.ctx }))
}

function errorProblem(cause: unknown, context: ErrorContext): Response {
  return problemResponse(problemFor(cause, context), context.headers)
}

/** The methods a transfer route takes at this path (a 405's `Allow`). */
function transferMethods(segments: readonly string[]): string[] {
  return ['GET', 'POST'].filter((method) => matchTransferRoute(method, segments) !== null)
}

/** Export and import: streamed bodies, outside tRPC's JSON input and the request body limit (thread-transfer.ts). */
async function transferResponse(route: TransferRoute, request: Request, url: URL, services: Services, headers: Headers): Promise<Response> {
  const ctx = createContextFactory(services)({ req: request, resHeaders: headers })
  try {
    return await handleTransferRoute(route, ctx, request, url)
  } catch (error) {
    const procedure = route.operationId === 'exportThread' ? 'threads.export' : 'threads.import'
    return errorProblem(error, { ctx, path: procedure, input: undefined, headers, type: route.operationId === 'exportThread' ? 'query' : 'mutation' })
  }
}

export async function handleRestRequest(incoming: Request, services: Services): Promise<Response> {
  const url = new URL(incoming.url)
  const headers = new Headers()
  const segments = decodedPathSegments(url.pathname.slice(REST_BASE_PATH.length))
  if (segments === null) return problemResponse(malformedPathProblem, headers)
  const transfer = matchTransferRoute(incoming.method, segments)
  if (transfer !== null) return transferResponse(transfer, incoming, url, services, headers)
  const match = matchRestOperation(incoming.method, segments)
  const allowed = match === null ? [...allowedMethods(segments), ...transferMethods(segments)] : []
  if (match === null && allowed.length > 0) {
    headers.set('allow', allowed.join(', '))
    const error = new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `${url.pathname} answers ${allowed.join(', ')}, not ${incoming.method}` })
    return errorProblem(error, { ctx: undefined, path: undefined, input: undefined, headers, type: 'query' })
  }
  if (match === null) {
    const error = new TRPCError({
      code: 'NOT_FOUND',
      message: `No REST operation ${incoming.method} ${url.pathname}; the operations are listed in /api/openapi.json`,
    })
    return errorProblem(error, { ctx: undefined, path: undefined, input: undefined, headers, type: 'query' })
  }
  const { operation, params } = match
  const type = procedureOf(operation)._def.type === 'mutation' ? 'mutation' : 'query'
  const request = await limitRequestBody(incoming, services.config.maxBodyBytes)
  if (request instanceof Response) {
    const { error } = (await request.json()) as { error: { message: string; limit: BatchLimit; size: BatchSize } }
    const tooLarge = new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: error.message, cause: new BatchTooLarge(error.message, error.limit, error.size) })
    return errorProblem(tooLarge, { ctx: undefined, path: operation.procedure, input: undefined, headers, type })
  }
  const ctx = createContextFactory(services)({ req: request, resHeaders: headers })
  // aborted when the caller goes away, or stops reading a stream: a streamed turn's provider call ends
  const abort = new AbortController()
  request.signal.addEventListener('abort', () => abort.abort(request.signal.reason), { once: true })
  let input: unknown
  try {
    input = await rawInput(operation, params, request, url)
    const data: unknown = await callTRPCProcedure({
      router: appRouter,
      path: operation.procedure,
      getRawInput: () => Promise.resolve(input),
      ctx,
      type,
      signal: abort.signal,
      batchIndex: 0,
    })
    if (operation.events) {
      const iterator = (data as AsyncIterable<unknown>)[Symbol.asyncIterator]()
      const first = await iterator.next()
      const context: ErrorContext = { ctx, path: operation.procedure, input, headers, type }
      return eventStreamResponse(iterator, first, { headers, problemOf: (error) => problemFor(error, context), abort: () => abort.abort() })
    }
    headers.set('content-type', 'application/json')
    return new Response(JSON.stringify(data), { status: 200, headers })
  } catch (error) {
    return errorProblem(error, { ctx, path: operation.procedure, input, headers, type })
  }
}
