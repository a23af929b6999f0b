// What a prompt costs in tokens, message by message. A message counts the
// tokens of the text its wire form carries: system/user/assistant text,
// reasoning text, a tool call's name and JSON arguments, a tool result's JSON
// (files are not counted). The chat format's few framing tokens per message
// are not included.
import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider'

/** Counts the tokens of a text. The workbench passes OpenAI's BPE; the engine's default estimates. */
export type TokenCounter = { count(text: string): number }

/**
 * The default estimate: a token per 4 bytes of UTF-8, which is close for
 * English prose with BPE tokenizers and errs high on CJK text (3 bytes a
 * character, about one token each). Linear in the text, whatever it holds.
 */
export const approximateTokenCounter: TokenCounter = {
  count: (text) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4),
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

export function countMessage(counter: TokenCounter, message: LanguageModelV3Message): number {
  return promptMessageTexts(message).reduce((sum, text) => sum + counter.count(text), 0)
}

export function countPrompt(counter: TokenCounter, prompt: LanguageModelV3Prompt): number {
  return prompt.reduce((sum, message) => sum + countMessage(counter, message), 0)
}
