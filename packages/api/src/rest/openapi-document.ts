// The OpenAPI 3.1 document of the REST surface, served at /api/openapi.json:
// paths from the operations table, request schemas from each procedure's own
// zod input schema (z.toJSONSchema), answers from response-schemas.ts (or the
// procedure's own output schema), streamed turns as server-sent events whose
// events are the workbench's zod event schemas, errors as the problem document;
// the JSON Lines export and import from thread-transfer-openapi.ts.
import type { AnyProcedure } from '@trpc/server'
import { z } from 'zod'
import { appRouter } from '../routers/app.ts'
import { jsonSchemaOf, propertiesOf, requiredOf, withoutProperties, type JsonSchema } from './json-schema.ts'
import { notOnRest, pathParameters, REST_TAGS, restOperations, type RestOperation } from './operations.ts'
import { REST_BASE_PATH } from './path-segments.ts'
import { EVENT_STREAM_CONTENT_TYPE } from './event-stream.ts'
import { PROBLEM_CONTENT_TYPE, problemSchema } from './problem.ts'
import { transferPaths } from './thread-transfer-openapi.ts'

export const OPENAPI_PATH = '/api/openapi.json'

type Json = Record<string, unknown>

/** The procedure a REST operation calls (the table is checked against the router here, once). */
export function procedureOf(operation: RestOperation): AnyProcedure {
  // typed as the nested record; at run time a flat map by dotted path
  const procedure = (appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>)[operation.procedure]
  if (procedure === undefined) throw new Error(`REST operation ${operation.operationId}: no procedure "${operation.procedure}"`)
  return procedure
}

const inputSchemas = new Map<string, JsonSchema>()

/** The JSON Schema of a procedure's input (an object schema; `{}` for none), converted once. */
export function inputSchemaOf(operation: RestOperation): JsonSchema {
  let schema = inputSchemas.get(operation.procedure)
  if (schema === undefined) {
    const [parser] = procedureOf(operation)._def.inputs as z.ZodType[]
    schema = parser === undefined ? { type: 'object', properties: {} } : jsonSchemaOf(parser)
    inputSchemas.set(operation.procedure, schema)
  }
  return schema
}

/** Whether the input travels in the query string (GET and DELETE) rather than a JSON body. */
export function takesQuery(operation: RestOperation): boolean {
  return operation.method === 'GET' || operation.method === 'DELETE'
}

/** The input fields the operation's headers fill (not asked for again in the query or body). */
function headerFieldsOf(operation: RestOperation): string[] {
  return (operation.headerInputs ?? []).map(({ field }) => field)
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean'])

function isScalar(schema: JsonSchema): boolean {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (options) return options.every(isScalar)
  return typeof schema.type === 'string' ? SCALAR_TYPES.has(schema.type) : Array.isArray(schema.enum)
}

function parametersOf(operation: RestOperation, input: JsonSchema): Json[] {
  const inPath = pathParameters(operation.path)
  const properties = propertiesOf(input)
  const required = requiredOf(input)
  const pathParams = inPath.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }))
  const headerParams = (operation.headerInputs ?? []).map(({ header, field, description }) => ({
    name: header,
    in: 'header',
    required: required.includes(field),
    description,
    schema: { type: 'string' },
  }))
  if (!takesQuery(operation)) return [...pathParams, ...headerParams]
  const fromHeaders = headerFieldsOf(operation)
  const queryParams = Object.entries(properties)
    .filter(([name]) => !inPath.includes(name) && !fromHeaders.includes(name))
    .map(([name, schema]) => {
      if (!isScalar(schema)) throw new Error(`REST operation ${operation.operationId}: query parameter "${name}" is not a scalar`)
      return { name, in: 'query', required: required.includes(name), schema }
    })
  return [...pathParams, ...headerParams, ...queryParams]
}

/** The answers every operation may give. */
const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input: `field` names the first field at fault, `issues` lists every problem',
  '401': 'No valid API token (Authorization: Bearer ...); `WWW-Authenticate` says so',
  '403': 'The token may not do this (read-only, or another resource)',
  '404': "No such thread (another tenant's thread is not found either)",
  '405': 'The path does not take this method; `Allow` lists those it takes',
  '409': 'Conflicts with what is stored (an id already taken, branch guards)',
  '413': 'The request body is larger than the limit',
  '429': "The token's rate limit (or a busy playground); retry after `Retry-After` seconds",
  '500': 'A server failure; `errorId` names it in the server log',
}

/** The answers only some operations give, with the procedures that give them. */
const OCCASIONAL_STATUSES: Record<string, { description: string; procedures: readonly string[] }> = {
  '408': { description: 'The sandboxed rule ran past its deadline', procedures: ['playground.runPrompt', 'playground.runError', 'playground.retryDecision'] },
  '412': {
    description: 'Needs vectors, which this server does not offer (no embedding model, or no pgvector: GET /api/v1/health, `recall`)',
    procedures: ['recall.search', 'indexing.start', 'clone.create', 'clone.preview'],
  },
  '502': {
    description: 'The model provider refused the call after the retries (before the stream began; after it, an `error` event)',
    procedures: ['workbench.turn', 'workbench.edit', 'workbench.regenerate', 'workbench.compare'],
  },
}

/** `Retry-After` where the server sends it. */
const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } } }

function problemResponseOf(status: string, description: string): Json {
  return {
    description,
    ...(status === '429' ? { headers: RETRY_AFTER_HEADER } : {}),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
  }
}

function errorStatusesOf(operation: RestOperation): string[] {
  const occasional = Object.entries(OCCASIONAL_STATUSES).filter(([, { procedures }]) => procedures.includes(operation.procedure))
  return [...Object.keys(ERROR_STATUSES), ...occasional.map(([status]) => status)].sort()
}

/** The 200 answer: JSON of the operation's response schema, the procedure's own output schema, or an open object; or a stream of events. */
function okResponse(operation: RestOperation): Json {
  if (operation.events) {
    const { name } = operation.events
    return {
      description:
        `Server-sent events, one per turn event as it happens: \`event:\` is the event's \`type\`, \`data:\` the event as JSON (#/components/schemas/${name}). ` +
        'A failure after the stream began ends it with `event: error` whose data is a problem document (#/components/schemas/Problem); nothing of the failed turn is saved. ' +
        'Closing the connection aborts the provider call.',
      // x-event-schema: the events' schema for tools (OpenAPI 3.1 has no item schema for a stream; 3.2's itemSchema is this)
      content: { [EVENT_STREAM_CONTENT_TYPE]: { schema: { type: 'string' }, 'x-event-schema': { $ref: `#/components/schemas/${name}` } } },
    }
  }
  // `.output(schema)` keeps its parser on the procedure's definition (tRPC's types leave it out)
  const { output } = procedureOf(operation)._def as { output?: z.ZodType }
  const schema = operation.response
    ? jsonSchemaOf(operation.response)
    : output
      ? jsonSchemaOf(output, 'output')
      : { type: 'object', description: `The result of \`${operation.procedure}\` as JSON (typed in @threadline/client).` }
  return { description: 'OK', content: { 'application/json': { schema } } }
}

function operationObject(operation: RestOperation): Json {
  const input = inputSchemaOf(operation)
  const body = withoutProperties(input, [...pathParameters(operation.path), ...headerFieldsOf(operation)])
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: `Calls the tRPC procedure \`${operation.procedure}\` with the same input.`,
    tags: [operation.tag],
    ...(operation.public ? { security: [] } : {}),
    parameters: parametersOf(operation, input),
    // a body with no required field (promote, materialize: the path says it all) may be left out
    ...(takesQuery(operation) ? {} : { requestBody: { required: requiredOf(body).length > 0, content: { 'application/json': { schema: body } } } }),
    responses: {
      '200': okResponse(operation),
      ...Object.fromEntries(errorStatusesOf(operation).map((status) => [status, { $ref: `#/components/responses/Problem${status}` }])),
    },
  }
}

let built: Json | undefined

/** The document (built once per process: the router does not change while it runs). */
export function openApiDocument(): Json {
  if (built) return built
  const paths: Record<string, Json> = {}
  for (const operation of restOperations) {
    const item = (paths[`${REST_BASE_PATH}${operation.path}`] ??= {})
    item[operation.method.toLowerCase()] = operationObject(operation)
  }
  for (const [path, item] of Object.entries(transferPaths())) paths[`${REST_BASE_PATH}${path}`] = item
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Threadline REST API',
      version: '1',
      description:
        'The backend procedures of the tRPC API over plain JSON HTTP. Authenticate with an API token: `Authorization: Bearer <token>`. ' +
        'Errors are RFC 9457 problem documents (application/problem+json) with the typed `code` and the `field` at fault. ' +
        'Every procedure an API token may call is here; not here: ' +
        notOnRest.map(({ procedures, reason }) => `\`${procedures.endsWith('.') ? `${procedures}*` : procedures}\` (${reason})`).join('; ') +
        '.',
    },
    servers: [{ url: '/' }],
    security: [{ apiToken: [] }],
    tags: REST_TAGS.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiToken: { type: 'http', scheme: 'bearer', description: 'An API token issued on the tokens page' } },
      schemas: {
        Problem: jsonSchemaOf(problemSchema),
        ...Object.fromEntries(restOperations.flatMap(({ events }) => (events ? [[events.name, jsonSchemaOf(events.schema)]] : []))),
      },
      responses: Object.fromEntries(
        [...Object.entries(ERROR_STATUSES), ...Object.entries(OCCASIONAL_STATUSES).map(([status, { description }]) => [status, description] as const)].map(
          ([status, description]): [string, Json] => [`Problem${status}`, problemResponseOf(status, description)],
        ),
      ),
    },
  }
  return built
}
