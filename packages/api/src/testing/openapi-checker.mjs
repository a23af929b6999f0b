// A REST caller that checks each request and answer against the served OpenAPI
// document: openapi-backend routes the request to its operation and validates
// it (path, query, body) and the JSON answer; its Ajv is the JSON Schema
// 2020-12 dialect of OpenAPI 3.1. Problem answers (application/problem+json,
// which openapi-backend does not look at) are validated against the
// document's Problem schema with the same Ajv.
//
// Plain JavaScript (types in openapi-checker.d.mts): the API tests import it,
// and the acceptance test (e2e/api-acceptance.spec.ts) copies it into a project
// outside the workspace where it runs under plain `node`.
/* global fetch, structuredClone, TextDecoder, URLSearchParams -- Node 20 globals */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { OpenAPIBackend } from 'openapi-backend'

// ajv-formats is CommonJS: its default export is the plugin (or a module holding it)
const addFormats = addFormatsModule.default ?? addFormatsModule

/** `options`: openapi-backend's own (they coerce query strings for the request validator) */
function newAjv(options = {}) {
  return addFormats(new Ajv2020({ ...options, strict: false, allErrors: true }))
}

/** @param {string} baseUrl */
export async function openApiChecker(baseUrl) {
  const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json()
  const api = new OpenAPIBackend({
    definition: structuredClone(document),
    quick: true,
    coerceTypes: true,
    // openapi-backend calls only the core API (compile) that Ajv2020 shares with draft-07 Ajv
    customizeAjv: (_ajv, options) => newAjv(options),
  })
  await api.init()
  const validateProblem = newAjv().compile(document.components.schemas.Problem)

  /** Calls `method path`; throws when the request, or the answer, breaks the document. */
  async function call(method, path, options = {}) {
    const query = Object.fromEntries(Object.entries(options.query ?? {}).map(([name, value]) => [name, String(value)]))
    const headers = { 'content-type': 'application/json', ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const operation = api.router.matchOperation({ method, path, query, headers, body: options.body })
    if (!operation) throw new Error(`${method} ${path} is not an operation of the document`)
    const request = api.validateRequest({ method, path, query, headers, body: options.body }, operation)
    if (!options.invalidRequest && !request.valid) throw new Error(`${method} ${path}: the request breaks the document: ${JSON.stringify(request.errors)}`)
    const search = new URLSearchParams(query).toString()
    const response = await fetch(`${baseUrl}${path}${search ? `?${search}` : ''}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
    const contentType = response.headers.get('content-type') ?? ''
    const body = await response.json()
    if (response.status === 200) {
      const answer = api.validateResponse(body, operation, 200)
      if (!answer.valid) throw new Error(`${operation.operationId}: the answer breaks the document: ${JSON.stringify(answer.errors).slice(0, 2000)}`)
    } else if (!validateProblem(body)) {
      throw new Error(`${operation.operationId}: the problem answer breaks the document: ${JSON.stringify(validateProblem.errors)}`)
    }
    return { status: response.status, contentType, body, headers: response.headers }
  }

  /** The event schema a streaming operation names (x-event-schema), compiled once. */
  const eventValidators = new Map()
  function eventValidator(operation) {
    // openapi-backend may have resolved the $ref already
    const named = operation.responses?.['200']?.content?.['text/event-stream']?.['x-event-schema']
    const ref = named?.$ref
    const schema = typeof ref === 'string' ? document.components.schemas[ref.split('/').at(-1)] : named
    if (schema === undefined) throw new Error(`${operation.operationId} does not stream events`)
    if (!eventValidators.has(operation.operationId)) eventValidators.set(operation.operationId, newAjv().compile(schema))
    return eventValidators.get(operation.operationId)
  }

  /**
   * Calls a streaming operation (server-sent events); each event's data is checked against the
   * operation's event schema, an `error` event against Problem. `onEvent` sees each event as it
   * comes (abort `options.signal` there to stop reading). Answers that are not a stream are checked as `call` does.
   */
  async function stream(method, path, options = {}) {
    const headers = { 'content-type': 'application/json', accept: 'text/event-stream', ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const operation = api.router.matchOperation({ method, path, query: {}, headers, body: options.body })
    if (!operation) throw new Error(`${method} ${path} is not an operation of the document`)
    const request = api.validateRequest({ method, path, query: {}, headers, body: options.body }, operation)
    if (!options.invalidRequest && !request.valid) throw new Error(`${method} ${path}: the request breaks the document: ${JSON.stringify(request.errors)}`)
    const validate = eventValidator(operation)
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(options.body ?? {}), signal: options.signal })
    const contentType = response.headers.get('content-type') ?? ''
    if (!contentType.startsWith('text/event-stream')) {
      const body = await response.json()
      if (!validateProblem(body)) throw new Error(`${operation.operationId}: the problem answer breaks the document: ${JSON.stringify(validateProblem.errors)}`)
      return { status: response.status, contentType, events: [], body, headers: response.headers }
    }
    const events = []
    const decoder = new TextDecoder()
    let buffered = ''
    const reader = response.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffered += decoder.decode(value, { stream: true })
        let end
        while ((end = buffered.indexOf('\n\n')) !== -1) {
          const block = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          const lines = block.split('\n')
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message'
          const data = JSON.parse(lines.find((line) => line.startsWith('data: '))?.slice(6) ?? 'null')
          const check = event === 'error' ? validateProblem : validate
          if (!check(data)) throw new Error(`${operation.operationId}: the ${event} event breaks the document: ${JSON.stringify(check.errors)}`)
          if (event !== 'error' && data.type !== event) throw new Error(`${operation.operationId}: event "${event}" carries type "${data.type}"`)
          events.push({ event, data })
          options.onEvent?.({ event, data })
        }
      }
    } catch (error) {
      // the caller aborted (options.signal): what was read so far is the answer
      if (!options.signal?.aborted) throw error
    }
    return { status: response.status, contentType, events, body: null, headers: response.headers }
  }

  /** Whether the document accepts this request (for the tests that send bad input on purpose). */
  function acceptsRequest(method, path, body) {
    return api.validateRequest({ method, path, query: {}, headers: { 'content-type': 'application/json' }, body }).valid
  }

  /** Whether the document accepts this 200 answer of an operation (to show the answer check can fail). */
  function acceptsAnswer(operationId, body) {
    return api.validateResponse(body, operationId, 200).valid
  }

  return { document, call, stream, acceptsRequest, acceptsAnswer }
}
