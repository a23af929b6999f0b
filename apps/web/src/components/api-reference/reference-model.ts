// The served OpenAPI document as the reference page lists it: operations by
// tag, each with its parameters, request body and answer schemas.

export type JsonSchema = Record<string, unknown>

export type ReferenceParameter = { name: string; in: string; required: boolean; schema: JsonSchema }

export type ReferenceOperation = {
  operationId: string
  method: string
  path: string
  summary: string
  description: string
  tag: string
  parameters: ReferenceParameter[]
  body: JsonSchema | null
  response: JsonSchema | null
  errors: { status: string; description: string }[]
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** The document's operations in document order, with `$ref`'d error answers resolved to their descriptions. */
export function referenceOperations(document: Record<string, unknown>): ReferenceOperation[] {
  const responses = record(record(document.components).responses)
  return Object.entries(record(document.paths)).flatMap(([path, item]) =>
    Object.entries(record(item)).map(([method, value]) => {
      const operation = record(value)
      const answers = record(operation.responses)
      const schemaOf = (content: unknown) => {
        const schema = record(record(record(content)['application/json']).schema)
        return Object.keys(schema).length > 0 ? schema : null
      }
      return {
        operationId: text(operation.operationId),
        method: method.toUpperCase(),
        path,
        summary: text(operation.summary),
        description: text(operation.description),
        tag: text((operation.tags as unknown[] | undefined)?.[0]),
        parameters: ((operation.parameters as unknown[] | undefined) ?? []).map((parameter) => {
          const { name, in: where, required, schema } = record(parameter)
          return { name: text(name), in: text(where), required: required === true, schema: record(schema) }
        }),
        body: schemaOf(record(operation.requestBody).content),
        response: schemaOf(record(answers['200']).content),
        errors: Object.entries(answers)
          .filter(([status]) => status !== '200')
          .map(([status, answer]) => {
            const name = text(record(answer).$ref).split('/').at(-1) ?? ''
            return { status, description: text(record(responses[name]).description) }
          }),
      }
    }),
  )
}

/** A schema's type in a few words: `string`, `integer ≥ 1 ≤ 500`, `"user" | "assistant"`, `array of object`. */
export function typeLabel(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if ('const' in schema) return JSON.stringify(schema.const)
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (options) return [...new Set(options.map(typeLabel))].join(' | ')
  const type = text(schema.type) || 'any'
  if (type === 'array') return `array of ${typeLabel(record(schema.items))}`
  const limits = [
    typeof schema.minimum === 'number' ? `≥ ${schema.minimum}` : '',
    typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER ? `≤ ${schema.maximum}` : '',
    typeof schema.maxLength === 'number' ? `≤ ${schema.maxLength} chars` : '',
    text(schema.format),
  ].filter(Boolean)
  return [type, ...limits].join(' ')
}

/** The fields of an object schema (and of an array of objects): name, schema, required. */
export function fieldsOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const target = text(schema.type) === 'array' ? record(schema.items) : schema
  const required = (target.required as string[] | undefined) ?? []
  return Object.entries(record(target.properties)).map(([name, field]) => ({ name, schema: record(field), required: required.includes(name) }))
}
