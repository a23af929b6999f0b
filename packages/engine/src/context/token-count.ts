// What a prompt costs in tokens, message by message. A message counts the
// tokens of the text its wire form carries: system/user/assistant text,
// reasoning text, a tool call's name and JSON arguments, a tool result's JSON
// (files are not counted). The chat format's few framing tokens per message
// are not included.
import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider'

/**
 * Counts the tokens of texts, all of one context in a batch (the engine
 * collects them first): a result per text, in order. It may answer later, so
 * a tokenizer can count off the caller's thread (the workbench counts OpenAI's
 * BPE on a worker thread); the engine's default estimates synchronously.
 */
export type TokenCounter = { countAll(texts: readonly string[]): readonly number[] | Promise<readonly number[]> }

/** A token per 4 bytes of UTF-8, rounded up. */
export const approximateTokens = (text: string): number => Math.ceil(Buffer.byteLength(text, 'utf8') / 4)

/**
 * The default estimate: a token per 4 bytes of UTF-8, which is close for
 * English prose with BPE tokenizers and errs high on CJK text (3 bytes a
 * character, about one token each). Linear in the text, whatever it holds.
 */
export const approximateTokenCounter: TokenCounter = {
  countAll: (texts) => texts.map(approximateTokens),
}

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

/** The texts a prompt message carries on the wire. */
export function promptMessageTexts(message: LanguageModelV3Message): string[] {
  if (message.role === 'system') return [message.content]
  return message.content.flatMap((part): string[] => {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        return [part.text]
      case 'tool-call':
        return [part.toolName, json(part.input)]
      case 'tool-result':
        return [toolResultText(part.output)]
      default:
        return []
    }
  })
}

type ToolResultOutput = Extract<LanguageModelV3Message, { role: 'tool' }>['content'][number] extends infer P
  ? P extends { output: infer O }
    ? O
    : never
  : never

function toolResultText(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value
    case 'json':
    case 'error-json':
      return json(output.value)
    default:
      return ''
  }
}

/** The wire texts of a whole prompt. */
export function promptTexts(prompt: LanguageModelV3Prompt): string[] {
  return prompt.flatMap(promptMessageTexts)
}

/**
 * The counts of one context's texts: `add` counts the texts not seen yet in
 * one batch (a text sent twice, like a message that is both costed and sent,
 * is counted once); `count` then answers from what was added, synchronously.
 */
export class TokenTally {
  readonly #counter: TokenCounter
  readonly #counts = new Map<string, number>()

  constructor(counter: TokenCounter) {
    this.#counter = counter
  }

  async add(texts: readonly string[]): Promise<void> {
    const fresh = [...new Set(texts)].filter((text) => !this.#counts.has(text))
    if (fresh.length === 0) return
    const counts = await this.#counter.countAll(fresh)
    fresh.forEach((text, index) => this.#counts.set(text, counts[index] ?? approximateTokens(text)))
  }

  /** @throws Error for a text that was not added first (a bug in the caller) */
  count(text: string): number {
    const tokens = this.#counts.get(text)
    if (tokens === undefined) throw new Error('TokenTally.count: the text was not added first')
    return tokens
  }

  countMessage(message: LanguageModelV3Message): number {
    return promptMessageTexts(message).reduce((sum, text) => sum + this.count(text), 0)
  }

  countPrompt(prompt: LanguageModelV3Prompt): number {
    return prompt.reduce((sum, message) => sum + this.countMessage(message), 0)
  }
}

/** The tokens of a prompt's wire texts, counted in one batch. */
export async function countPrompt(counter: TokenCounter, prompt: LanguageModelV3Prompt): Promise<number> {
  const tally = new TokenTally(counter)
  await tally.add(promptTexts(prompt))
  return tally.countPrompt(prompt)
}

/** The tokens of one text. */
export async function countText(counter: TokenCounter, text: string): Promise<number> {
  return (await counter.countAll([text]))[0] ?? approximateTokens(text)
}
