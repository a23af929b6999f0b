// Realistic, deterministic conversations for the benchmarks: user questions,
// assistant turns with reasoning, tool invocations (call + result) and answers,
// each message's stored content between ~300 and ~1,000 characters of JSON.
import type { MessagePart, ProviderMetadata, StoredMessage } from '@threadline/engine'
import { itemAt } from './item-at.ts'

export type ReasoningStyle = 'openai' | 'anthropic' | 'mixed' | 'none'

export type ConversationOptions = {
  threadId: string
  resourceId: string
  count: number
  /** whose reasoning the assistant turns carry (default 'mixed': OpenAI and Anthropic-signed) */
  reasoning?: ReasoningStyle
  /** 'foreign': tool-call IDs Anthropic rejects (`functions.lookup_order:17`), default 'valid' */
  toolIds?: 'valid' | 'foreign'
  /** createdAt of the first message; one second apart (default 2025-01-01) */
  startAt?: number
  /** PRNG seed (default 1) */
  seed?: number
}

/** Content JSON sizes are drawn uniformly from this range. */
export const CONTENT_CHARS = { min: 300, max: 1000 } as const

const WORDS = (
  'order refund shipping invoice account password blender warranty replacement delivery address subscription ' +
  'plan upgrade billing card payment receipt tracking package courier weekend support ticket escalation manager ' +
  'kitchen appliance return label damaged broken screen laptop charger battery schedule meeting calendar reminder ' +
  'database migration deploy rollback latency error timeout retry cache index query report dashboard metric the a ' +
  'of to and for with on is it that this please could you we our your can will when after before about because'
).split(' ')

const TOOLS = ['lookup_order', 'search_docs', 'get_weather', 'create_ticket', 'query_metrics']

/** mulberry32: small, fast, good enough for fixtures. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function words(random: () => number, chars: number): string {
  const out: string[] = []
  let length = 0
  while (length < chars) {
    const word = itemAt(WORDS, Math.floor(random() * WORDS.length))
    out.push(word)
    length += word.length + 1
  }
  const text = out.join(' ')
  return `${text.charAt(0).toUpperCase()}${text.slice(1, Math.max(1, chars - 1))}.`
}

type Turn = 'user' | 'assistant-reasoning' | 'assistant-tool' | 'assistant-answer'
// A user question, then the assistant thinks, calls a tool and answers.
const CYCLE: Turn[] = ['user', 'assistant-reasoning', 'assistant-tool', 'assistant-answer']

function reasoningMetadata(style: Exclude<ReasoningStyle, 'none'>, index: number): ProviderMetadata {
  // 'mixed' alternates by conversation cycle (reasoning turns all sit at the same position in a cycle)
  const anthropic = style === 'anthropic' || (style === 'mixed' && Math.floor(index / CYCLE.length) % 2 === 0)
  return anthropic ? { anthropic: { signature: `sig-${index.toString(36)}` } } : { openai: { itemId: `rs_${index.toString(36)}` } }
}

/** The parts of one message, with `fill` characters of free text to reach its size. */
function partsFor(
  turn: Turn,
  index: number,
  fill: number,
  random: () => number,
  options: Required<Pick<ConversationOptions, 'reasoning' | 'toolIds'>>,
): MessagePart[] {
  switch (turn) {
    case 'user':
    case 'assistant-answer':
      return [{ type: 'text', text: words(random, fill) }]
    case 'assistant-reasoning': {
      // the thought is stored twice (reasoning and details), so it gets a quarter of the fill
      const thought = words(random, Math.floor(fill / 4))
      const answer = { type: 'text' as const, text: words(random, Math.ceil(fill / 2)) }
      if (options.reasoning === 'none') return [{ type: 'step-start' }, answer]
      return [
        { type: 'step-start' },
        { type: 'reasoning', reasoning: thought, details: [{ type: 'text', text: thought }], providerMetadata: reasoningMetadata(options.reasoning, index) },
        answer,
      ]
    }
    case 'assistant-tool': {
      const toolName = itemAt(TOOLS, index % TOOLS.length)
      const toolCallId = options.toolIds === 'foreign' ? `functions.${toolName}:${index}` : `call_${index.toString(36).padStart(8, '0')}`
      return [
        {
          type: 'tool-invocation',
          toolInvocation: {
            toolCallId,
            toolName,
            state: 'result',
            args: { query: words(random, Math.floor(fill / 4)), limit: 5 },
            result: { status: 'ok', summary: words(random, Math.ceil((fill * 3) / 4)) },
          },
        },
      ]
    }
  }
}

/** One conversation of `count` messages, oldest first, ids `<threadId>-m<index>`. */
export function conversation(options: ConversationOptions): StoredMessage[] {
  const random = seededRandom(options.seed ?? 1)
  const settings = { reasoning: options.reasoning ?? 'mixed', toolIds: options.toolIds ?? 'valid' } as const
  const start = options.startAt ?? Date.UTC(2025, 0, 1)
  const messages: StoredMessage[] = []
  for (let index = 0; index < options.count; index++) {
    const turn = itemAt(CYCLE, index % CYCLE.length)
    const target = CONTENT_CHARS.min + Math.floor(random() * (CONTENT_CHARS.max - CONTENT_CHARS.min))
    // The skeleton (part types, ids, metadata) takes ~50-250 characters; text fills the rest.
    const skeleton = JSON.stringify({ format: 2, parts: partsFor(turn, index, 0, seededRandom(index), settings) }).length
    const parts = partsFor(turn, index, Math.max(10, target - skeleton), random, settings)
    messages.push({
      id: `${options.threadId}-m${String(index).padStart(7, '0')}`,
      threadId: options.threadId,
      resourceId: options.resourceId,
      role: turn === 'user' ? 'user' : 'assistant',
      createdAt: new Date(start + index * 1000),
      type: 'v2',
      content: { format: 2, parts },
    })
  }
  return messages
}
