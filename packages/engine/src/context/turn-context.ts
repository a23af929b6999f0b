// What a memory-aware turn sends, built once: the system prompt (instructions,
// working memory, observational memory, recalled messages) and the last N
// messages, fitted into the model's context window minus a reply reserve, with
// token counts per section. The Agent calls it for each turn; the admin UI's
// context-window view calls it to show what the next turn would send.
import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import type { Memory } from '../memory/memory.ts'
import type { RecallMode } from '../memory/memory-options.ts'
import type { RankedMatch } from '../memory/recall.ts'
import { messageSnippet } from '../messages/message-snippet.ts'
import { toPrompt } from '../messages/to-prompt.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { StoredThread } from '../storage/types.ts'
import { type Costed, DEFAULT_CONTEXT_WINDOW, defaultReplyReserve, fitToBudget } from './context-budget.ts'
import { recalledBlock, recalledBlockFrame, recalledMessageLine, recallRanks } from './recalled-context.ts'
import { approximateTokenCounter, promptTexts, TokenTally, type TokenCounter } from './token-count.ts'
import { workingMemorySection } from './working-memory.ts'

/** The part of Memory a turn's context is read from. */
export type TurnContextMemory = Pick<Memory, 'options' | 'listMessages' | 'countMessages' | 'recall' | 'getWorkingMemory' | 'getObservationalMemory'>

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

export type TurnContextRequest = {
  memory: TurnContextMemory
  /** the thread of the turn; null when the turn will create it */
  thread: StoredThread | null
  /** where the turn is saved (the thread's id and resource, also for a thread the turn creates) */
  target: { threadId: string; resourceId: string }
  instructions: string
  /** the messages this turn adds (the new user message); [] to see the thread as it stands */
  next: StoredMessage[]
  /** default DEFAULT_CONTEXT_WINDOW */
  contextWindow?: number | undefined
  /** default defaultReplyReserve(contextWindow) */
  replyReserve?: number | undefined
  /** default approximateTokenCounter */
  tokenCounter?: TokenCounter | undefined
  /** tokens of the tool definitions the request carries */
  toolTokens?: number | undefined
}

export type TurnContext = {
  /** the system prompt as sent */
  system: string
  /** the last messages as sent, in order (not the new message) */
  messages: StoredMessage[]
  /** recalled messages, in the system prompt's recalled block */
  recalled: StoredMessage[]
  sections: ContextSection[]
  /** the whole request's tokens: the prompt (system prompt, last messages, new message) and the tool definitions */
  totalTokens: number
  /** the tool definitions' share of totalTokens (an estimate from their JSON) */
  toolTokens: number
  contextWindow: number
  replyReserve: number
  /** messages of the thread neither among the last messages nor recalled */
  olderMessages: number
  /** messages left out to fit the window, in drop order */
  overLimit: LeftOutMessage[]
  /** false when the instructions, working memory and new message alone exceed the window */
  fits: boolean
  /** the prompt before any input processor */
  prompt: LanguageModelV3Prompt
}

const textOf = (message: StoredMessage | undefined): string =>
  (message?.content.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')

function sectionMessage(message: StoredMessage, tokens: number): SectionMessage {
  return { id: message.id, threadId: message.threadId, role: message.role, snippet: messageSnippet(message, 160), tokens }
}

export async function buildTurnContext(request: TurnContextRequest): Promise<TurnContext> {
  const { memory, thread, target, next } = request
  const options = memory.options
  const counter = request.tokenCounter ?? approximateTokenCounter
  const contextWindow = request.contextWindow ?? DEFAULT_CONTEXT_WINDOW
  const replyReserve = request.replyReserve ?? defaultReplyReserve(contextWindow)
  const toolTokens = request.toolTokens ?? 0

  const recent = thread !== null && options.lastMessages > 0 ? await memory.listMessages({ threadId: thread.id, last: options.lastMessages }) : []
  const query = textOf(next.findLast((message) => message.role === 'user') ?? recent.findLast((message) => message.role === 'user'))
  const [recall, workingMemory, observational, total] = await Promise.all([
    recalledMessages(memory, thread, query, recent),
    options.workingMemory.enabled ? workingMemoryOf(memory, thread, target) : Promise.resolve(null),
    options.observationalMemory.enabled ? observationsOf(memory, thread, target) : Promise.resolve(''),
    thread === null ? Promise.resolve(0) : memory.countMessages({ threadId: thread.id }),
  ])

  const observationsText = observational ? `<observations>\n${observational}\n</observations>` : null
  // every text this context may cost, counted in one batch; the system prompt they make up is counted once it is built
  const tally = new TokenTally(counter)
  const messagePrompts = new Map([...recent, ...next].map((message) => [message, toPrompt([message])]))
  await tally.add([
    request.instructions,
    ...(workingMemory === null ? [] : [workingMemory]),
    ...(observationsText === null ? [] : [observationsText]),
    ...(recall.messages.length > 0 ? [recalledBlockFrame(), ...recall.messages.map(recalledMessageLine)] : []),
    ...[...messagePrompts.values()].flatMap(promptTexts),
  ])
  const messageCost = (message: StoredMessage) => tally.countPrompt(messagePrompts.get(message) ?? toPrompt([message]))
  const recallRange = options.semanticRecall?.messageRange ?? { before: 0, after: 0 }
  const ranks = recallRanks(recall.messages, recall.matches, recallRange)
  const recalledCosts: Costed<StoredMessage>[] = recall.messages.map((message, index) => ({
    item: message,
    tokens: tally.count(recalledMessageLine(message)),
    rank: ranks[index] ?? 0,
  }))
  const fixed =
    tally.count(request.instructions) +
    (workingMemory === null ? 0 : tally.count(workingMemory)) +
    next.reduce((sum, message) => sum + messageCost(message), 0) +
    toolTokens +
    (recall.messages.length > 0 ? tally.count(recalledBlockFrame()) : 0)
  const fitted = fitToBudget({
    budget: contextWindow - replyReserve,
    fixed,
    observations: observationsText === null ? 0 : tally.count(observationsText),
    recalled: recalledCosts,
    recent: recent.map((message) => ({ item: message, tokens: messageCost(message), rank: 0 })),
  })
  const recalledText = recalledBlock(fitted.recalled, (message) => thread !== null && isThisConversation(message, thread))
  const keptObservations = fitted.keepObservations ? observationsText : null
  const system = [request.instructions, workingMemory, keptObservations, recalledText].filter((text) => text !== null && text !== '').join('\n\n')
  const prompt = toPrompt([...fitted.recent, ...next], { instructions: system })
  await tally.add(promptTexts(prompt))

  const tokensOf = new Map(recalledCosts.map((entry) => [entry.item.id, entry.tokens]))
  const sections: ContextSection[] = [
    textSection('system', 'Instructions', request.instructions, tally),
    ...(workingMemory === null ? [] : [textSection('working-memory', 'Working memory', workingMemory, tally)]),
    ...(keptObservations === null ? [] : [textSection('observational-memory', 'Observational memory', keptObservations, tally)]),
    messageSection('recall', recallTitle(recall.mode), fitted.recalled, (message) => tokensOf.get(message.id) ?? 0),
    messageSection('last-messages', `Recent messages (the last ${options.lastMessages})`, fitted.recent, messageCost),
    ...(next.length > 0 ? [messageSection('new-message', 'New message', next, messageCost)] : []),
  ]
  const inContext = new Set([...recent, ...recall.messages].map((message) => message.id))
  return {
    system,
    messages: fitted.recent,
    recalled: fitted.recalled,
    sections,
    totalTokens: tally.countPrompt(prompt) + toolTokens,
    toolTokens,
    contextWindow,
    replyReserve,
    olderMessages: Math.max(0, total - inContext.size),
    overLimit: fitted.dropped.map((message) => ({ id: message.id, role: message.role, snippet: messageSnippet(message, 160), tokens: messageCost(message) })),
    fits: fitted.fits,
    prompt,
  }
}

type Recall = { messages: StoredMessage[]; matches: RankedMatch[]; mode: RecallMode | null }

/** The recall section's heading: how its messages were found (a full-text hit is no semantic match). */
function recallTitle(mode: RecallMode | null): string {
  switch (mode) {
    case 'vector':
      return 'Semantic recall (vector search)'
    case 'text':
      return 'Full-text recall (keyword search)'
    case 'hybrid':
      return 'Hybrid recall (semantic and full-text search)'
    default:
      return 'Recall (off)'
  }
}

/**
 * Semantic recall in the configured mode for the new message, minus what the
 * last messages already hold; this thread's messages first, then other
 * threads', each in conversation order. A branch recalls from its own effective
 * history only (what it inherits up to its cutoff, and its own): its source's
 * later messages and its siblings' belong to other timelines.
 */
async function recalledMessages(memory: TurnContextMemory, thread: StoredThread | null, query: string, recent: StoredMessage[]): Promise<Recall> {
  if (thread === null || memory.options.semanticRecall === null || query.trim() === '') return { messages: [], matches: [], mode: null }
  const found = await memory.recall({
    threadId: thread.id,
    resourceId: thread.resourceId,
    vectorSearchString: query,
    lastMessages: false,
    ...(thread.branch === null ? {} : { scope: 'thread' as const }),
  })
  const recentIds = new Set(recent.map((message) => message.id))
  const fresh = found.messages.filter((message) => !recentIds.has(message.id))
  const own = fresh.filter((message) => isThisConversation(message, thread))
  const others = fresh
    .filter((message) => !isThisConversation(message, thread))
    .sort((a, b) => (a.threadId < b.threadId ? -1 : a.threadId > b.threadId ? 1 : 0))
  return { messages: [...own, ...others], matches: found.matches, mode: found.mode }
}

/** The thread's own message, or one it inherits as a branch (a branch recalls from its effective history only). */
function isThisConversation(message: StoredMessage, thread: StoredThread): boolean {
  return message.threadId === thread.id || thread.branch !== null
}

async function workingMemoryOf(memory: TurnContextMemory, thread: StoredThread | null, target: { threadId: string; resourceId: string }) {
  const { scope, template } = memory.options.workingMemory
  // a thread the turn creates has no thread-scoped working memory yet: its template
  if (thread === null && scope === 'thread') return workingMemorySection(null, template)
  const current = await memory.getWorkingMemory(thread === null ? { resourceId: target.resourceId } : { threadId: thread.id, resourceId: thread.resourceId })
  return workingMemorySection(current, template)
}

async function observationsOf(memory: TurnContextMemory, thread: StoredThread | null, target: { threadId: string; resourceId: string }): Promise<string> {
  if (thread === null && memory.options.observationalMemory.scope === 'thread') return ''
  const record = await memory.getObservationalMemory(thread === null ? { resourceId: target.resourceId } : { threadId: thread.id })
  return record?.activeObservations.trim() ?? ''
}

function textSection(kind: SectionKind, title: string, text: string, tally: TokenTally): ContextSection {
  return { kind, title, tokens: tally.count(text), text, messages: [] }
}

function messageSection(kind: SectionKind, title: string, messages: StoredMessage[], tokensOf: (message: StoredMessage) => number): ContextSection {
  const listed = messages.map((message) => sectionMessage(message, tokensOf(message)))
  return { kind, title, tokens: listed.reduce((sum, message) => sum + message.tokens, 0), text: null, messages: listed }
}
