// The OpenAPI document: valid OpenAPI 3.1 (checked against the specification's
// own JSON Schema by @seriousme/openapi-schema-validator; openapi-backend's own
// definition check knows only the 3.0 schema, so the REST test skips it), every operation bound to a procedure, and its request
// schemas the procedures' zod schemas converted (not a second copy).
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { MESSAGES_SAVE_LIMIT } from '../batch-limits.ts'
import { appRouter } from '../routers/app.ts'
import { openApiDocument, procedureOf } from './openapi-document.ts'
import { allowedMethods, matchRestOperation, notOnRestReason, restOperations } from './operations.ts'
import { decodedPathSegments } from './path-segments.ts'

const doc = openApiDocument()

/** The value at a path of keys in nested JSON (undefined where it stops). */
function at(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value)
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(doc.openapi).toBe('3.1.0')
  })

  it('binds every operation to an existing procedure, each method and path once', () => {
    const seen = new Set<string>()
    for (const operation of restOperations) {
      expect(procedureOf(operation)._def.type, operation.operationId).toMatch(/^(query|mutation)$/)
      const key = `${operation.method} ${operation.path}`
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
      expect(at(doc, 'paths', `/api/v1${operation.path}`, operation.method.toLowerCase(), 'operationId')).toBe(operation.operationId)
    }
    expect(() => procedureOf({ ...restOperations[0]!, procedure: 'threads.nope' })).toThrow('no procedure "threads.nope"')
  })

  it("takes the request schemas from the procedures' zod schemas", () => {
    const body = (path: string, method: string) => at(doc, 'paths', path, method, 'requestBody', 'content', 'application/json', 'schema')
    const save = body('/api/v1/messages', 'post')
    expect(at(save, 'properties', 'messages', 'maxItems')).toBe(MESSAGES_SAVE_LIMIT)
    expect(at(save, 'properties', 'messages', 'items', 'properties', 'role', 'enum')).toEqual(['user', 'assistant', 'system'])
    expect(at(save, 'additionalProperties')).toBe(false)
    expect(at(body('/api/v1/threads', 'post'), 'required')).toEqual(['resourceId'])
    // the path's parameter is not also a body field
    expect(at(doc, 'paths', '/api/v1/threads/{threadId}', 'patch', 'parameters')).toEqual([
      { name: 'threadId', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } },
    ])
    expect(at(body('/api/v1/threads/{threadId}', 'patch'), 'properties')).not.toHaveProperty('threadId')
    const parameters = at(doc, 'paths', '/api/v1/threads/{threadId}/messages', 'get', 'parameters') as unknown[]
    expect(parameters.find((parameter) => at(parameter, 'name') === 'limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 500 },
    })
  })

  it('has every procedure either as an operation or with the reason it is not one, and no schema that refers outside itself', () => {
    const onRest = new Set(restOperations.map((operation) => operation.procedure))
    const neither = Object.keys(appRouter._def.procedures).filter((procedure) => !onRest.has(procedure) && notOnRestReason(procedure) === undefined)
    expect(neither).toEqual([])
    expect(restOperations.filter((operation) => notOnRestReason(operation.procedure) !== undefined)).toEqual([])
    expect(notOnRestReason('tokens.issue')).toMatch(/operator only/)
    expect(doc.info).toMatchObject({ description: expect.stringContaining('`tokens.*` (operator only') })
    // a schema's own `#/$defs/...` would resolve against the document
    expect(JSON.stringify(doc)).not.toContain('$defs')
  })

  it('describes streamed turns as server-sent events of the workbench event schemas, and answers the router owns as its output', () => {
    const turn = at(doc, 'paths', '/api/v1/threads/{threadId}/turns', 'post') as Record<string, unknown>
    expect(at(turn, 'responses', '200', 'content')).toEqual({
      'text/event-stream': { schema: { type: 'string' }, 'x-event-schema': { $ref: '#/components/schemas/TurnEvent' } },
    })
    expect(at(turn, 'responses', '200', 'description')).toContain('#/components/schemas/TurnEvent')
    expect(at(turn, 'requestBody', 'content', 'application/json', 'schema', 'required')).toEqual(['resourceId', 'model', 'message'])
    const turnEvent = at(doc, 'components', 'schemas', 'TurnEvent', 'oneOf') as unknown[]
    expect(turnEvent.map((event) => at(event, 'properties', 'type', 'const'))).toEqual([
      'started',
      'text',
      'reasoning',
      'tool-call',
      'rules',
      'waiting',
      'retry',
      'finished',
    ])
    expect(at(doc, 'components', 'schemas', 'CompareEvent', 'allOf', 1, 'required')).toEqual(['column'])
    expect(at(doc, 'paths', '/api/v1/health', 'get', 'security')).toEqual([])
    // the playground's prompt run and the clone preview: no shape written here (the router's own output schema would be used)
    expect(at(doc, 'paths', '/api/v1/playground/run-prompt', 'post', 'responses', '200', 'content', 'application/json', 'schema')).toMatchObject({
      type: 'object',
      description: expect.stringContaining('playground.runPrompt'),
    })
  })

  it('answers errors as problem documents', () => {
    expect(at(doc, 'components', 'responses', 'Problem400', 'content', 'application/problem+json', 'schema')).toEqual({ $ref: '#/components/schemas/Problem' })
    expect(at(doc, 'components', 'schemas', 'Problem', 'required')).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']))
  })

  it('declares the error code enum, Retry-After on 429, 405 everywhere, and 412, 502 and 408 where they occur (issue 30)', () => {
    expect(at(doc, 'components', 'schemas', 'Problem', 'properties', 'code', 'enum')).toEqual(
      expect.arrayContaining(['BAD_REQUEST', 'UNAUTHORIZED', 'METHOD_NOT_SUPPORTED', 'PRECONDITION_FAILED', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY']),
    )
    expect(at(doc, 'components', 'responses', 'Problem429', 'headers', 'Retry-After', 'schema')).toEqual({ type: 'integer', minimum: 0 })
    const statuses = (path: string, method: string) => Object.keys(at(doc, 'paths', path, method, 'responses') as object)
    expect(statuses('/api/v1/threads', 'get')).toContain('405')
    expect(statuses('/api/v1/recall/search', 'post')).toContain('412')
    expect(statuses('/api/v1/threads/{threadId}/turns', 'post')).toContain('502')
    expect(statuses('/api/v1/playground/run-prompt', 'post')).toContain('408')
    expect(statuses('/api/v1/threads', 'get')).not.toContain('412')
    expect(statuses('/api/v1/threads', 'get')).not.toContain('502')
  })

  it('matches methods and %-decoded paths to operations', () => {
    const matchRestPath = (method: string, path: string) => matchRestOperation(method, decodedPathSegments(path) ?? [])
    expect(matchRestPath('GET', '/threads/t%201/messages')).toMatchObject({ operation: { operationId: 'listMessages' }, params: { threadId: 't 1' } })
    expect(matchRestPath('POST', '/threads')?.operation.operationId).toBe('createThread')
    expect(matchRestPath('PUT', '/threads')).toBeNull()
    expect(allowedMethods(decodedPathSegments('/threads') ?? [])).toEqual(['GET', 'POST'])
    expect(allowedMethods(decodedPathSegments('/no-such-path') ?? [])).toEqual([])
    expect(matchRestPath('GET', '/threads//messages')).toBeNull()
    expect(decodedPathSegments('/threads/%E0%A4%A')).toBeNull()
    expect(decodedPathSegments('/threads/%zz')).toBeNull()
  })
})
