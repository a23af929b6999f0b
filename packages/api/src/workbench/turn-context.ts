// What a workbench turn sends, built once for the turn and for the context
// window view: the system prompt (instructions, working memory, observational
// memory), semantic recall hits, the last N messages and the next user
// message, fitted into the model's context window, AFTER ProviderHistoryCompat's
// proactive rules, with token counts per section.
import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import { messageSnippet, toPrompt, type Memory, type MessagePart, type ProviderHistoryCompat, type StoredMessage, type StoredThread } from '@threadline/engine'
import type { ModelOption } from './providers.ts'
import { countMessage, countPrompt, tokenCounter, type TokenCounter } from './token-count.ts'

/** Messages from the end of the thread a turn sends (before semantic recall hits). */
export const LAST_MESSAGES = 10
export const WORKBENCH_INSTRUCTIONS = 'You are a helpful assistant.'
/** Tokens kept free for the reply: a quarter of the window, at most 4096. */
export const replyReserve = (contextWindow: number): number => Math.min(4096, Math.floor(contextWindow / 4))

export type SectionKind = 'system' | 'working-memory' | 'observational-memory' | 'recall' | 'last-messages' | 'new-message'

/** `threadId`: the thread that stores the message (an ancestor's for inherited ones, another thread's for resource-wide recall hits) */
export type SectionMessage = { id: string; threadId: string; role: string; snippet: string; tokens: number }

export type ContextSection = {
  kind: SectionKind
  title: string
  tokens: number
  /** the text of a system-prompt section */
  text: string | null
  messages: SectionMessage[]
}

export type LeftOutMessage = { id: string; role: string; snippet: string; tokens: number }

export type ContextWindowView = {
  model: ModelOption
  sections: ContextSection[]
  /** the tokenizer's count of the whole payload (see token-count.ts for what a message counts) */
  totalTokens: number
  contextWindow: number
  replyReserve: number
  /** messages older than the last N and not recalled */
  olderMessages: number
  /** messages dropped, oldest and recall hits first, to fit the window */
  overLimit: LeftOutMessage[]
  /** proactive compat rules that changed the prompt */
  rulesApplied: string[]
  /** the prompt as the provider receives it */
  prompt: LanguageModelV3Prompt
}

export type TurnContext = {
  /** the system prompt as sent: the agent's instructions */
  instructions: string
  /** the history as sent, in order (recall hits and last messages; not the new message) */
  messages: StoredMessage[]
  view: ContextWindowView
}

export type TurnContextRequest = {
  memory: Memory
  thread: StoredThread
  model: ModelOption
  compat: ProviderHistoryCompat
  instructions: string
  /** the next user message's parts, or null: the thread as it stands */
  next: MessagePart[] | null
}

const textOf = (parts: MessagePart[]): string => parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')

async function systemSections(memory: Memory, thread: StoredThread, instructions: string) {
  const target = { threadId: thread.id, resourceId: thread.resourceId }
  const [workingMemory, observational] = await Promise.all([memory.getWorkingMemory(target), memory.getObservationalMemory(target)])
  const observations = observational?.activeObservations.trim() ?? ''
  return {
    instructions,
    workingMemory: workingMemory?.trim() ? `<working_memory>\n${workingMemory.trim()}\n</working_memory>` : null,
    observations: observations ? `<observations>\n${observations}\n</observations>` : null,
  }
}

function sectionMessage(message: StoredMessage, tokens: number): SectionMessage {
  return { id: message.id, threadId: message.threadId, role: message.role, snippet: messageSnippet(message, 160), tokens }
}

export async function buildTurnContext(request: TurnContextRequest): Promise<TurnContext> {
  const { memory, thread, model, compat, next } = request
  const counter = await tokenCounter(model.encoding)
  const recent = await memory.listMessages({ threadId: thread.id, last: LAST_MESSAGES })
  const query = next ? textOf(next) : textOf([...recent].reverse().find((message) => message.role === 'user')?.content.parts ?? [])
  const recalled = query.trim() ? await recallHits(memory, thread, query, recent) : []
  const total = await memory.countMessages({ threadId: thread.id })
  const system = await systemSections(memory, thread, request.instructions)
  const instructions = [system.instructions, system.workingMemory, system.observations].filter((text) => text !== null).join('\n\n')

  const pending: StoredMessage | null = next
    ? {
        id: 'next-user-message',
        threadId: thread.id,
        resourceId: thread.resourceId,
        role: 'user',
        createdAt: new Date(),
        type: 'v2',
        content: { format: 2, parts: next },
      }
    : null
  const cost = (message: StoredMessage) => countPrompt(counter, toPrompt([message]))
  const fitted = fitWindow({
    budget: model.contextWindow - replyReserve(model.contextWindow),
    fixed: counter.count(instructions) + (pending ? cost(pending) : 0),
    recall: recalled,
    recent,
    cost,
  })
  const messages = orderByTime([...fitted.recall, ...fitted.recent])
  const before = toPrompt(pending ? [...messages, pending] : messages, { instructions })
  const verdict = compat.explain({ prompt: before, model: model.model, messages: [], retryCount: 0 }).proactive
  const perMessage = messageTokens(counter, verdict.prompt, before.length === verdict.prompt.length, pending ? [...messages, pending] : messages, cost)

  const tokensOf = (message: StoredMessage) => perMessage.get(message.id) ?? cost(message)
  const sections: ContextSection[] = [
    { kind: 'system', title: 'System prompt', tokens: counter.count(system.instructions), text: system.instructions, messages: [] },
    ...(system.workingMemory ? [textSection('working-memory', 'Working memory', system.workingMemory, counter)] : []),
    ...(system.observations ? [textSection('observational-memory', 'Observational memory', system.observations, counter)] : []),
    messageSection('recall', 'Semantic recall hits', fitted.recall, tokensOf),
    messageSection('last-messages', `Last ${LAST_MESSAGES} messages`, fitted.recent, tokensOf),
    ...(pending ? [messageSection('new-message', 'New user message', [pending], tokensOf)] : []),
  ]
  const sent = new Set([...messages.map((message) => message.id)])
  return {
    instructions,
    messages,
    view: {
      model,
      sections,
      totalTokens: countPrompt(counter, verdict.prompt),
      contextWindow: model.contextWindow,
      replyReserve: replyReserve(model.contextWindow),
      olderMessages: Math.max(0, total - new Set([...recent, ...recalled].map((message) => message.id)).size),
      overLimit: [...recalled, ...recent]
        .filter((message) => !sent.has(message.id))
        .map((message) => ({ id: message.id, role: message.role, snippet: messageSnippet(message, 160), tokens: cost(message) })),
      rulesApplied: verdict.rules.flatMap((outcome) => (outcome.status === 'changed' ? [outcome.rule.name] : [])),
      prompt: verdict.prompt,
    },
  }
}

/** Semantic matches (with neighbours) that are not already among the last messages; none without vectors. */
async function recallHits(memory: Memory, thread: StoredThread, query: string, recent: StoredMessage[]): Promise<StoredMessage[]> {
  const recentIds = new Set(recent.map((message) => message.id))
  try {
    const { messages } = await memory.recall({ threadId: thread.id, resourceId: thread.resourceId, vectorSearchString: query, lastMessages: false })
    return messages.filter((message) => !recentIds.has(message.id))
  } catch (error) {
    // semantic recall needs a vector store (pgvector): without one the turn runs on the last messages
    if (error instanceof Error && 'code' in error && (error.code === 'VECTOR_EXTENSION_MISSING' || error.code === 'EMBEDDER_REQUIRED')) return []
    throw error
  }
}

function orderByTime(messages: StoredMessage[]): StoredMessage[] {
  return [...messages].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Drops recall hits (weakest last in the list first), then the oldest recent messages, until the prompt fits. */
function fitWindow(args: { budget: number; fixed: number; recall: StoredMessage[]; recent: StoredMessage[]; cost: (message: StoredMessage) => number }) {
  const recall = [...args.recall]
  const recent = [...args.recent]
  let used = args.fixed + [...recall, ...recent].reduce((sum, message) => sum + args.cost(message), 0)
  while (used > args.budget) {
    const dropped = recall.pop() ?? recent.shift()
    if (dropped === undefined) break
    used -= args.cost(dropped)
  }
  return { recall, recent }
}

/**
 * Tokens per stored message in the prompt as sent: each message's slice of the
 * rewritten prompt when the rules kept the message count (the usual case),
 * else its own prompt before the rules.
 */
function messageTokens(
  counter: TokenCounter,
  prompt: LanguageModelV3Prompt,
  aligned: boolean,
  messages: StoredMessage[],
  cost: (message: StoredMessage) => number,
): Map<string, number> {
  const tokens = new Map<string, number>()
  let offset = 1 // the system message
  for (const message of messages) {
    const length = toPrompt([message]).length
    tokens.set(message.id, aligned ? prompt.slice(offset, offset + length).reduce((sum, part) => sum + countMessage(counter, part), 0) : cost(message))
    offset += length
  }
  return tokens
}

function textSection(kind: SectionKind, title: string, text: string, counter: TokenCounter): ContextSection {
  return { kind, title, tokens: counter.count(text), text, messages: [] }
}

function messageSection(kind: SectionKind, title: string, messages: StoredMessage[], tokensOf: (message: StoredMessage) => number): ContextSection {
  const listed = messages.map((message) => sectionMessage(message, tokensOf(message)))
  return { kind, title, tokens: listed.reduce((sum, message) => sum + message.tokens, 0), text: null, messages: listed }
}
