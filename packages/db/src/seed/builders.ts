import type { MessagePart, MessageRole, ProviderMetadata, ReasoningPart, StoredMessage, TextPart, ToolInvocationPart } from '@threadline/engine'
import type { CreateThreadInput } from '@threadline/engine/storage'

// Small constructors for the demo data: fixed ids and fixed times, so seeding
// is deterministic and can run any number of times.

export type SeedThread = { thread: CreateThreadInput & { title: string; createdAt: Date; updatedAt: Date }; messages: StoredMessage[] }

export type TurnModel = { provider: string; modelId: string }

export function text(value: string): TextPart {
  return { type: 'text', text: value }
}

/** A finished tool call: call and result in one part, as the v2 format stores them. */
export function toolResult(toolCallId: string, toolName: string, args: unknown, result: unknown): ToolInvocationPart {
  return { type: 'tool-invocation', toolInvocation: { toolCallId, toolName, args, state: 'result', result } }
}

/**
 * A tool call stored before its result (state 'call'): the result arrives in a
 * LATER message as `toolResult` with the same id (a long-running tool).
 */
export function pendingToolCall(toolCallId: string, toolName: string, args: unknown): ToolInvocationPart {
  return { type: 'tool-invocation', toolInvocation: { toolCallId, toolName, args, state: 'call' } }
}

/** Reasoning as OpenAI-compatible providers (OpenAI, DeepSeek, ...) return it: plain text, no signature. */
export function reasoning(value: string, providerMetadata: ProviderMetadata): ReasoningPart {
  return { type: 'reasoning', reasoning: value, details: [{ type: 'text', text: value }], providerMetadata }
}

/** Anthropic extended thinking: the signature makes it valid only for Anthropic. */
export function anthropicThinking(value: string, signature: string): ReasoningPart {
  return {
    type: 'reasoning',
    reasoning: value,
    details: [{ type: 'text', text: value, signature }],
    providerMetadata: { anthropic: { signature } },
  }
}

/** Anthropic redacted thinking: encrypted, no readable text. */
export function anthropicRedactedThinking(data: string): ReasoningPart {
  return { type: 'reasoning', reasoning: '', details: [{ type: 'redacted', data }], providerMetadata: { anthropic: { redactedData: data } } }
}

/**
 * Writes one thread's conversation: each message gets the next id
 * (`<prefix>-01`, `-02`, ...) and a time `minutesLater` after the previous one.
 */
export class ConversationBuilder {
  readonly messages: StoredMessage[] = []
  private time: number

  constructor(
    private readonly thread: { id: string; resourceId: string; messageIdPrefix: string },
    start: string,
  ) {
    this.time = Date.parse(start)
  }

  private add(role: MessageRole, parts: MessagePart[], minutesLater: number, model?: TurnModel): this {
    this.time += minutesLater * 60_000
    const number = String(this.messages.length + 1).padStart(2, '0')
    this.messages.push({
      id: `${this.thread.messageIdPrefix}-${number}`,
      threadId: this.thread.id,
      resourceId: this.thread.resourceId,
      role,
      createdAt: new Date(this.time),
      type: 'v2',
      content: { format: 2, parts, ...(model ? { metadata: { ...model } } : {}) },
    })
    return this
  }

  system(value: string, minutesLater = 0): this {
    return this.add('system', [text(value)], minutesLater)
  }

  /** A user turn; `attachments` (e.g. file parts) follow its text. */
  user(value: string, minutesLater = 1, attachments: MessagePart[] = []): this {
    return this.add('user', [text(value), ...attachments], minutesLater)
  }

  assistant(model: TurnModel, parts: MessagePart[], minutesLater = 1): this {
    return this.add('assistant', [{ type: 'step-start' }, ...parts], minutesLater, model)
  }

  /** The thread record: created a minute before its first message, updated at its last. */
  build(title: string, metadata: Record<string, unknown> = {}): SeedThread {
    const first = this.messages[0]
    const last = this.messages.at(-1)
    if (!first || !last) throw new Error(`Seed thread ${this.thread.id} has no messages`)
    return {
      thread: {
        id: this.thread.id,
        resourceId: this.thread.resourceId,
        title,
        metadata,
        createdAt: new Date(first.createdAt.getTime() - 60_000),
        updatedAt: last.createdAt,
      },
      messages: this.messages,
    }
  }
}
