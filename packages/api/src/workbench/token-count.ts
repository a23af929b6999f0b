// Token counts from OpenAI's BPE (js-tiktoken): what a prompt costs, message by
// message. A message counts the tokens of the text its wire form carries:
// system/user/assistant text, reasoning text, a tool call's name and JSON
// arguments, a tool result's JSON (files are not counted). The chat format's
// few framing tokens per message are not included.
import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider'
import { Tiktoken } from 'js-tiktoken/lite'
import type { Encoding } from './model-catalog.ts'

export type TokenCounter = { count(text: string): number }

const counters = new Map<Encoding, Promise<TokenCounter>>()

async function loadRanks(encoding: Encoding) {
  // the rank tables are megabytes: loaded on first use only
  return encoding === 'o200k_base' ? (await import('js-tiktoken/ranks/o200k_base')).default : (await import('js-tiktoken/ranks/cl100k_base')).default
}

export function tokenCounter(encoding: Encoding): Promise<TokenCounter> {
  let counter = counters.get(encoding)
  if (!counter) {
    counter = loadRanks(encoding).then((ranks) => {
      const tiktoken = new Tiktoken(ranks)
      // special-token text in a message is counted as text, as the provider does with user content
      return { count: (text: string) => (text === '' ? 0 : tiktoken.encode(text, [], []).length) }
    })
    counters.set(encoding, counter)
  }
  return counter
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

function toolResultText(
  output: Extract<LanguageModelV3Message, { role: 'tool' }>['content'][number] extends infer P ? (P extends { output: infer O } ? O : never) : never,
): string {
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

export function countMessage(counter: TokenCounter, message: LanguageModelV3Message): number {
  return promptMessageTexts(message).reduce((sum, text) => sum + counter.count(text), 0)
}

export function countPrompt(counter: TokenCounter, prompt: LanguageModelV3Prompt): number {
  return prompt.reduce((sum, message) => sum + countMessage(counter, message), 0)
}
