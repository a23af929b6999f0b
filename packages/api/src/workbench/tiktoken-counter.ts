// OpenAI's BPE (js-tiktoken) as the engine's TokenCounter: the workbench's
// token counts match what OpenAI-family models bill.
import type { TokenCounter } from '@threadline/engine'
import { Tiktoken } from 'js-tiktoken/lite'
import type { Encoding } from './model-catalog.ts'

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
