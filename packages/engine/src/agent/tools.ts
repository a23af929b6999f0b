// AI SDK tool definitions (`tool()` from 'ai'): their description for the
// provider call, and running them on the model's tool calls.
import type { LanguageModelV3FunctionTool } from '@ai-sdk/provider'
import { asSchema, type ToolSet } from 'ai'
import { InvalidInputError } from '../errors/index.ts'
import { messageOf } from '../errors/inspect.ts'
import type { ToolInvocation } from '../messages/types.ts'

/** The function tools as the provider call expects them. Provider-defined tools are not supported. */
export async function toolDefinitions(tools: ToolSet): Promise<LanguageModelV3FunctionTool[]> {
  return Promise.all(
    Object.entries(tools).map(async ([name, definition]) => {
      if (definition.type === 'provider') {
        throw new InvalidInputError(`tools.${name}`, 'provider-defined tools are not supported; use tool({ inputSchema, execute })')
      }
      return {
        type: 'function' as const,
        name,
        ...(definition.description === undefined ? {} : { description: definition.description }),
        inputSchema: await asSchema(definition.inputSchema).jsonSchema,
      }
    }),
  )
}

export type ToolOutcome = { executed: true; result: unknown } | { executed: false }

/**
 * Runs one tool call. A tool without `execute` is left to the caller
 * (`executed: false`). An unknown tool, invalid input or a throwing tool
 * becomes the result `{ error }`, fed back to the model like the AI SDK's
 * tool errors; an abort is rethrown.
 */
export async function executeToolCall(tools: ToolSet, invocation: ToolInvocation, abortSignal: AbortSignal | undefined): Promise<ToolOutcome> {
  const definition = tools[invocation.toolName]
  if (!definition) return { executed: true, result: { error: `Unknown tool "${invocation.toolName}"` } }
  if (!definition.execute) return { executed: false }
  const schema = asSchema(definition.inputSchema)
  let input = invocation.args
  if (schema.validate) {
    const validation = await schema.validate(input)
    if (!validation.success) {
      return { executed: true, result: { error: `Invalid input for tool "${invocation.toolName}": ${validation.error.message}` } }
    }
    input = validation.value
  }
  try {
    const output: unknown = await definition.execute(input as never, {
      toolCallId: invocation.toolCallId,
      messages: [],
      ...(abortSignal ? { abortSignal } : {}),
    })
    return { executed: true, result: isAsyncIterable(output) ? await lastValue(output) : output }
  } catch (error) {
    if (abortSignal?.aborted) throw error
    return { executed: true, result: { error: messageOf(error) ?? String(error) } }
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value
}

/** A streaming tool's final output is its last value. */
async function lastValue(iterable: AsyncIterable<unknown>): Promise<unknown> {
  let last: unknown
  for await (const value of iterable) last = value
  return last
}
