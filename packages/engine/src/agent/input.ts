// The boundary of generate/stream: the caller's input and call options,
// validated, and the input turned into stored messages.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { parseInput } from '../validation/parse-input.ts'
import { messagePartSchema } from '../messages/schema.ts'
import type { MessagePart, StoredMessage } from '../messages/types.ts'
import type { AgentCallOptions, AgentInput } from './types.ts'

const inputSchema = z.union([
  z.string().min(1, 'must not be empty'),
  z
    .array(
      z.object({
        role: z.enum(['user', 'assistant', 'system']),
        content: z.union([z.string(), z.array(messagePartSchema)]),
      }),
    )
    .min(1, 'must hold at least one message'),
])

const callOptionsSchema = z.object({
  memory: z
    .object({
      thread: z.union([z.string().min(1), z.object({ id: z.string().min(1) })]),
      resource: z.string().min(1),
    })
    .optional(),
  maxProcessorRetries: z.number().int().nonnegative().optional(),
  temperature: z.number().nonnegative().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  abortSignal: z.instanceof(AbortSignal).optional(),
  onEvent: z.custom((value) => typeof value === 'function', 'expected a function receiving LLM-call events').optional(),
})

export type MemoryTarget = { threadId: string; resourceId: string }

export type ValidatedCall = {
  input: z.infer<typeof inputSchema>
  memoryTarget: MemoryTarget | undefined
  options: AgentCallOptions
}

export function validateCall(input: AgentInput, options: AgentCallOptions | undefined): ValidatedCall {
  const parsedInput = parseInput(inputSchema, input, { root: 'input' })
  const memory = parseInput(callOptionsSchema, options ?? {}).memory
  const memoryTarget = memory ? { threadId: typeof memory.thread === 'string' ? memory.thread : memory.thread.id, resourceId: memory.resource } : undefined
  return { input: parsedInput, memoryTarget, options: options ?? {} }
}

/** The input as stored messages, timestamped one millisecond apart from `createdAt` on. */
export function inputToMessages(input: ValidatedCall['input'], target: { threadId: string; resourceId: string }, createdAt: number): StoredMessage[] {
  const messages = typeof input === 'string' ? [{ role: 'user' as const, content: input }] : input
  return messages.map((message, index) => ({
    id: randomUUID(),
    threadId: target.threadId,
    resourceId: target.resourceId,
    role: message.role,
    createdAt: new Date(createdAt + index),
    type: 'v2',
    content: {
      format: 2,
      parts: typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as MessagePart[]),
    },
  }))
}
