// A provider error as the playground receives it (status + headers + body, or
// a stream error chunk, or a dropped connection's Node error), turned into the value production code sees: the AI
// SDK's APICallError for an HTTP error, and for a chunk the ProviderStreamError
// the agent throws when a stream delivers an `error` part.
import { APICallError } from '@ai-sdk/provider'
import { messageOf, ProviderStreamError } from '@threadline/engine'
import { z } from 'zod'

export const providerErrorInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('http'),
    status: z.number().int().min(100).max(599),
    headers: z.record(z.string(), z.string()).default({}),
    /** the response body as sent (usually JSON text) */
    body: z.string().max(100_000).default(''),
    /** the request URL, for the error message */
    url: z.string().max(2000).default('https://provider.invalid/v1/request'),
  }),
  z.strictObject({
    kind: z.literal('stream-chunk'),
    /** the error chunk's JSON, e.g. `{ "type": "error", "error": { ... } }` */
    chunk: z.unknown().refine((chunk) => chunk !== undefined, 'is required'),
  }),
  z.strictObject({
    kind: z.literal('connection'),
    /** the Node error code, e.g. `ECONNRESET` */
    code: z.string().trim().min(1).max(100),
    message: z.string().trim().min(1).max(2000),
  }),
])

export type ProviderErrorInput = z.output<typeof providerErrorInput>

/** The message a provider's error handler extracts: `error.message`, else `message`, else the raw body. */
function bodyMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body)
    const nested = parsed !== null && typeof parsed === 'object' ? (parsed as { error?: unknown }).error : undefined
    return messageOf(nested) ?? (typeof nested === 'string' ? nested : undefined) ?? messageOf(parsed)
  } catch {
    return undefined
  }
}

export function toProviderError(input: ProviderErrorInput): Error {
  // a dropped connection as a transport throws it: a plain Error with a Node `code`, no status, no retry flag
  if (input.kind === 'connection') return Object.assign(new Error(input.message), { code: input.code })
  if (input.kind === 'stream-chunk') {
    const chunk = input.chunk as { error?: unknown } | null | undefined
    const message = messageOf(chunk) ?? messageOf(chunk?.error) ?? `provider stream error: ${JSON.stringify(chunk)}`
    return new ProviderStreamError(message, input.chunk)
  }
  const headers = Object.fromEntries(Object.entries(input.headers).map(([name, value]) => [name.toLowerCase(), value]))
  let data: unknown
  try {
    data = JSON.parse(input.body)
  } catch {
    data = undefined
  }
  return new APICallError({
    message: bodyMessage(input.body) ?? (input.body || `HTTP ${input.status}`),
    url: input.url,
    requestBodyValues: {},
    statusCode: input.status,
    responseHeaders: headers,
    responseBody: input.body,
    data,
  })
}
