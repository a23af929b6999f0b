// REST fuzzing from the served OpenAPI document (issue 33): for every operation
// the document lists, requests that are plausible, incomplete, wrongly typed,
// oversized, malformed (%-escapes, `.` ids, bodies that are not JSON objects)
// and full of awkward unicode, sent over raw HTTP (the path exactly as written:
// no client resolves its dot segments first). An answer fails when it is a
// 5xx, or an error whose body is not a problem document or shows stack or
// database text. The vitest test (rest/rest-fuzz.integration.test.ts) runs one
// round per database; the bench (bench/rest-fuzz.ts) runs more.
import { request as httpRequest } from 'node:http'

type Schema = Record<string, unknown>
type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema }
type OperationObject = { operationId: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
export type OpenApiDocumentLike = { paths: Record<string, Record<string, OperationObject>> }

export type FuzzProbe = { operationId: string; variant: string; method: string; path: string; body?: string }
type FuzzAnswer = { status: number; contentType: string; body: string }

/** What the probe found in 500s: driver and ORM error text, and stack frames. */
export const LEAKED_TEXT =
  /database error|prisma|invocation:|code: 22|22021|22P05|duplicate key value|violates [a-z ]*constraint|relation "|column "|\n\s+at |\.ts:\d+:\d+/i

const MALFORMED_IDS = ['%E0%A4%A', '%zz', '%', '%ED%A0%80', '.', '..', '%2e%2e', '%00']
const UNICODE_TEXTS = ['nul\u0000inside', 'lone \uD800 surrogate', '🧵'.repeat(500), 'עברית مرحبا', 'e\u0301\u200b\uFEFF']

function resolve(schema: Schema, document: Schema): Schema {
  const ref = schema.$ref
  if (typeof ref !== 'string') return schema
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document)
  return (target ?? {}) as Schema
}

/** A plausible value of the schema (the first choice of a union, the first enum value, required properties only). */
function sample(schema: Schema, document: Schema, knownId: string, depth = 0): unknown {
  const resolved = resolve(schema, document)
  if (depth > 6) return null
  if (Array.isArray(resolved.enum)) return resolved.enum[0]
  if ('const' in resolved) return resolved.const
  const choices = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined
  if (choices?.[0]) return sample(choices[0], document, knownId, depth + 1)
  switch (resolved.type) {
    case 'string':
      return resolved.format === 'date-time' ? '2026-11-01T08:00:00.000Z' : knownId
    case 'integer':
    case 'number':
      return typeof resolved.minimum === 'number' ? resolved.minimum : 1
    case 'boolean':
      return true
    case 'array':
      return resolved.items ? [sample(resolved.items as Schema, document, knownId, depth + 1)] : []
    case 'object': {
      const properties = (resolved.properties ?? {}) as Record<string, Schema>
      const required = (resolved.required ?? []) as string[]
      return Object.fromEntries(required.map((name) => [name, sample(properties[name] ?? {}, document, knownId, depth + 1)]))
    }
    default:
      return knownId
  }
}

/** A value of another JSON type than the schema's. */
function wrongTyped(schema: Schema, document: Schema): unknown {
  const type = resolve(schema, document).type
  if (type === 'string') return 12345
  if (type === 'array') return { not: 'an array' }
  if (type === 'object') return ['not', 'an', 'object']
  return 'not-a-number-or-boolean'
}

/** Lone surrogates (no UTF-8 has them) as U+FFFD, for a URL; the raw-escape probes send one's bytes. */
const wellFormed = (text: string) => text.replace(/\p{Surrogate}/gu, '\uFFFD')

const encodeQuery = (query: Record<string, unknown>) =>
  Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(wellFormed(typeof value === 'string' ? value : JSON.stringify(value)))}`)
    .join('&')

/** An id longer than any stored one, short enough for the HTTP server's header limit (16 KB, answered 431 by Node itself). */
const LONG_ID = 'i'.repeat(4_000)

/** Every probe of one operation. */
function operationProbes(template: string, method: string, operation: OperationObject, document: Schema, options: FuzzOptions): FuzzProbe[] {
  const { knownId, oversize } = options
  const parameters = operation.parameters ?? []
  const pathNames = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query')
  const bodySchema = operation.requestBody?.content['application/json']?.schema
  const bodyProperties = bodySchema ? ((resolve(bodySchema, document).properties ?? {}) as Record<string, Schema>) : {}
  const fields: Record<string, Schema> = bodySchema
    ? bodyProperties
    : Object.fromEntries(queryParameters.map((parameter) => [parameter.name, parameter.schema]))
  const validFields = (bodySchema ? sample(bodySchema, document, knownId) : {}) as Record<string, unknown>
  for (const parameter of queryParameters) if (parameter.required) validFields[parameter.name] = sample(parameter.schema, document, knownId)

  const pathWith = (ids: Record<string, string> = {}) => template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? encodeURIComponent(knownId))
  const probe = (variant: string, values: Record<string, unknown> | string, ids?: Record<string, string>): FuzzProbe => {
    const path = pathWith(ids)
    if (bodySchema || method !== 'get')
      return {
        operationId: operation.operationId,
        variant,
        method: method.toUpperCase(),
        path,
        body: typeof values === 'string' ? values : JSON.stringify(values),
      }
    const query = typeof values === 'string' ? values : encodeQuery(values)
    return { operationId: operation.operationId, variant, method: 'GET', path: query === '' ? path : `${path}?${query}` }
  }

  const probes: FuzzProbe[] = [probe('valid', validFields), probe('missing', {})]
  for (const [name, schema] of Object.entries(fields)) {
    probes.push(probe(`wrong type: ${name}`, { ...validFields, [name]: wrongTyped(schema, document) }))
    // in a query string the header limit comes first: an id-length value there
    probes.push(probe(`oversize: ${name}`, { ...validFields, [name]: bodySchema ? 'x'.repeat(oversize) : LONG_ID }))
    for (const [index, text] of UNICODE_TEXTS.entries()) probes.push(probe(`unicode ${index}: ${name}`, { ...validFields, [name]: text }))
  }
  for (const name of pathNames) {
    for (const id of MALFORMED_IDS) probes.push(probe(`path ${name}: ${id}`, validFields, { [name]: id }))
    for (const [index, text] of UNICODE_TEXTS.entries())
      probes.push(probe(`path ${name}: unicode ${index}`, validFields, { [name]: encodeURIComponent(wellFormed(text)) }))
    probes.push(probe(`path ${name}: oversize`, validFields, { [name]: LONG_ID }))
  }
  if (bodySchema || method !== 'get') {
    probes.push(probe('body: not JSON', '{"resourceId":'))
    probes.push(probe('body: an array', '[1,2,3]'))
    probes.push(probe('body: null', 'null'))
    probes.push(probe('body: nested 5,000 deep', `${'{"d":'.repeat(5000)}1${'}'.repeat(5000)}`))
    probes.push(probe('body: over the size limit', { ...validFields, padding: 'x'.repeat(options.bodyLimit + 1) }))
  } else {
    probes.push(probe('query: malformed escapes', '%E0%A4%A=%zz&limit=%&resourceId=%ED%A0%80'))
  }
  return probes
}

export type FuzzOptions = {
  /** an id that exists (a thread of the seeded demo data): plausible requests reach the procedures' own checks */
  knownId: string
  /** the length of an oversized string field (the input limits are 100,000 characters) */
  oversize: number
  /** the server's body limit in bytes: one probe per operation sends more */
  bodyLimit: number
}

/** The probes of every operation in the document. */
export function restFuzzProbes(document: OpenApiDocumentLike, options: FuzzOptions): FuzzProbe[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([method, operation]) => operationProbes(template, method, operation, document as unknown as Schema, options)),
  )
}

/** Sends a probe over raw HTTP (the path exactly as written); a streamed answer is read up to its first chunk, then closed. */
function sendProbe(baseUrl: string, probe: FuzzProbe, token: string): Promise<FuzzAnswer> {
  const url = new URL(baseUrl)
  return new Promise((resolvePromise, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: probe.method,
        path: probe.path,
        headers: {
          authorization: `Bearer ${token}`,
          // a DELETE's body is not chunked by default: without its length, the server would read it as the next request
          ...(probe.body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(probe.body)) }),
        },
      },
      (response) => {
        const contentType = response.headers['content-type'] ?? ''
        const chunks: Buffer[] = []
        const done = () => resolvePromise({ status: response.statusCode ?? 0, contentType, body: Buffer.concat(chunks).toString('utf8') })
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          // a turn that started streams for seconds: its status and first event are the answer
          if (contentType.startsWith('text/event-stream')) {
            response.destroy()
            done()
          }
        })
        response.on('end', done)
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(probe.body)
  })
}

/** Why an answer fails the fuzz, or null when it is fine. */
function fuzzFailure(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `status ${answer.status}`
  if (answer.status < 400) return null
  if (answer.contentType !== 'application/problem+json') return `an error as ${answer.contentType || 'no content type'}, not a problem document`
  if (LEAKED_TEXT.test(answer.body)) return 'stack or database text in the error'
  return null
}

export type FuzzRun = { requests: number; statuses: Map<number, number>; failures: string[] }

/** Sends the probes, `concurrency` at a time, and counts the answers by status; each failing answer as one line. */
export async function runRestFuzz(baseUrl: string, token: string, probes: readonly FuzzProbe[], concurrency = 8): Promise<FuzzRun> {
  const statuses = new Map<number, number>()
  const failures: string[] = []
  for (let start = 0; start < probes.length; start += concurrency) {
    const batch = probes.slice(start, start + concurrency)
    const answered = await Promise.all(batch.map(async (probe) => ({ probe, answer: await sendProbe(baseUrl, probe, token) })))
    for (const { probe, answer } of answered) {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      const failure = fuzzFailure(answer)
      if (failure)
        failures.push(`${probe.operationId} (${probe.variant}) ${probe.method} ${probe.path.slice(0, 120)}: ${failure}: ${answer.body.slice(0, 200)}`)
    }
  }
  return { requests: probes.length, statuses, failures }
}
