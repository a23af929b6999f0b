// One request of a prompt to a provider family's strict loopback dialect,
// through the family's real AI SDK package (as the switch matrix continues its
// histories): accepted, or the dialect's rejection with its verbatim body.
import { APICallError, type LanguageModelV3, type LanguageModelV3FunctionTool, type LanguageModelV3Prompt } from '@ai-sdk/provider'
import { reply, startFakeProvider, type FakeProviderServer } from '@threadline/engine/loopback-provider'
import { z } from 'zod'

export const switchCheckAttemptSchema = z.object({
  accepted: z.boolean(),
  /** the HTTP status the dialect answered with (null: the package refused before sending) */
  status: z.number().int().nullable(),
  /** the dialect's error body, verbatim (null when accepted) */
  errorBody: z.string().nullable(),
  /** the package's error message when the request failed */
  message: z.string().nullable(),
  /** the reply's text when accepted */
  reply: z.string().nullable(),
})

export type SwitchCheckAttempt = z.infer<typeof switchCheckAttemptSchema>

/** The tools a replayed history calls, declared as the app would (the providers read calls against declared tools). */
function declaredTools(prompt: LanguageModelV3Prompt): LanguageModelV3FunctionTool[] {
  const names = new Set<string>()
  for (const message of prompt) {
    if (message.role !== 'assistant') continue
    for (const part of message.content) if (part.type === 'tool-call') names.add(part.toolName)
  }
  return [...names].map((name) => ({ type: 'function', name, inputSchema: { type: 'object', additionalProperties: true } }))
}

/** A strict loopback server for one check: every accepted request gets "Continued on <family>."; it keeps the last `keepRequests` requests. */
export function startStrictLoopback(keepRequests = 0): Promise<FakeProviderServer> {
  return startFakeProvider({ strict: true, keepRequests, fallback: (request) => reply.text(`Continued on ${request.provider}.`) })
}

/** Sends `prompt` once (no retry: the first attempt is what is checked). */
export async function sendOnce(model: LanguageModelV3, prompt: LanguageModelV3Prompt): Promise<SwitchCheckAttempt> {
  const tools = declaredTools(prompt)
  try {
    const result = await model.doGenerate({ prompt, ...(tools.length > 0 ? { tools } : {}) })
    const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')
    return { accepted: true, status: 200, errorBody: null, message: null, reply: text }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (APICallError.isInstance(error))
      return { accepted: false, status: error.statusCode ?? null, errorBody: error.responseBody ?? null, message, reply: null }
    return { accepted: false, status: null, errorBody: null, message, reply: null }
  }
}
