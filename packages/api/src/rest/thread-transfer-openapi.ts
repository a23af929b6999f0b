// The OpenAPI entries of the two JSON Lines operations (thread-transfer.ts):
// their query parameters from the same zod schemas the handlers parse with,
// their bodies described as application/x-ndjson (docs/export-format.md).
import { z } from 'zod'
import { jsonSchemaOf, propertiesOf } from './json-schema.ts'
import { exportQuery, importQuery, NDJSON_CONTENT_TYPE } from './thread-transfer.ts'

type Json = Record<string, unknown>

const importResult = z.object({
  /** `existing`: the thread was imported before (same id and resource): nothing was written */
  status: z.enum(['imported', 'existing']),
  threadId: z.string(),
  resourceId: z.string(),
  threads: z.number().int(),
  messages: z.number().int(),
})

const FORMAT = 'one JSON value per line: a header, typed lines, an `end` line (docs/export-format.md in the repository)'

function queryParameters(schema: z.ZodType): Json[] {
  return Object.entries(propertiesOf(jsonSchemaOf(schema))).map(([name, property]) => ({ name, in: 'query', required: false, schema: property }))
}

const problems = (statuses: readonly string[]): Json =>
  Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/Problem${status}` }]))

/** The paths under the REST base path (`/threads/...`) with their operation objects. */
export function transferPaths(): Record<string, Json> {
  return {
    '/threads/{threadId}/export': {
      get: {
        operationId: 'exportThread',
        summary: 'Export a thread (and with branches=true its branches) as JSON Lines, streamed as the database is read',
        description: `The answer is ${FORMAT}. A failure after the answer began ends it without its \`end\` line, which an import refuses.`,
        tags: ['Threads'],
        parameters: [
          { name: 'threadId', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } },
          ...queryParameters(exportQuery),
        ],
        responses: {
          '200': { description: 'The export', content: { [NDJSON_CONTENT_TYPE]: { schema: { type: 'string' } } } },
          ...problems(['400', '401', '403', '404', '429', '500']),
        },
      },
    },
    '/threads/import': {
      post: {
        operationId: 'importThread',
        summary: 'Import an export: all or nothing, idempotent by the thread id it writes (a repeat answers status existing)',
        description:
          `The body is ${FORMAT}, read line by line: each line at most THREADLINE_MAX_BODY_BYTES, the whole at most THREADLINE_MAX_IMPORT_BYTES (413 naming the line). ` +
          'A bad line is a 400 whose `field` is `lines[N]...`; an id taken by another thread is a 409.',
        tags: ['Threads'],
        parameters: queryParameters(importQuery),
        requestBody: { required: true, content: { [NDJSON_CONTENT_TYPE]: { schema: { type: 'string' } } } },
        responses: {
          '200': { description: 'Imported, or imported before', content: { 'application/json': { schema: jsonSchemaOf(importResult, 'output') } } },
          ...problems(['400', '401', '403', '409', '413', '429', '500']),
        },
      },
    },
  }
}
