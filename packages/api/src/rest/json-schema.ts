// zod -> JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) with zod's own
// z.toJSONSchema: the document is generated from the schemas the procedures
// validate with, never written twice.
import { z } from 'zod'

export type JsonSchema = Record<string, unknown>

/**
 * The JSON an input schema accepts (`io: 'input'`: before transforms and
 * defaults; `'output'` for what a procedure's output schema returns). A Date
 * is a date-time string on the wire; checks JSON Schema cannot say
 * (refinements) are left to the server's answer.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' })
    },
  })
  return json
}

/** The properties of an object schema (empty for anything else). */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>
}

export function requiredOf(schema: JsonSchema): string[] {
  return (schema.required ?? []) as string[]
}

/** The object schema without some properties (they travel in the path). */
export function withoutProperties(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const { properties: _properties, required: _required, ...rest } = schema
  const properties = Object.fromEntries(Object.entries(propertiesOf(schema)).filter(([name]) => !names.includes(name)))
  const required = requiredOf(schema).filter((name) => !names.includes(name))
  return { ...rest, properties, ...(required.length > 0 ? { required } : {}) }
}
