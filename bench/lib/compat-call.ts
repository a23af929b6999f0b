// One ProviderHistoryCompat.processLLMRequest call on a prompt of N messages, as
// bench/compat.ts times it and as its allocation count (in a child process) runs it.
import { ProviderHistoryCompat, toPrompt, type LanguageModelPrompt, type ProcessLLMRequestArgs } from '@threadline/engine'
import { conversation, type ReasoningStyle } from './messages.ts'

export const compatModels = { anthropic: 'anthropic/claude-sonnet-4-5', cerebras: 'cerebras/gpt-oss-120b', unaffected: 'openai/gpt-4o' } as const

export type CompatCallSpec = { model: keyof typeof compatModels; size: number; reasoning: ReasoningStyle }

/** A prompt of exactly `size` messages, converted from a stored conversation as the agent does. */
function promptOf(size: number, reasoning: ReasoningStyle): LanguageModelPrompt {
  const stored = conversation({ threadId: 'compat', resourceId: 'compat', count: size, reasoning })
  return toPrompt(stored, { instructions: 'You are a helpful support agent.' }).slice(0, size)
}

/** The call with recording off (no `onEvent`), on a prompt built once. */
export function compatCall({ model, size, reasoning }: CompatCallSpec): () => ReturnType<ProviderHistoryCompat['processLLMRequest']> {
  const compat = new ProviderHistoryCompat()
  const args: ProcessLLMRequestArgs = { prompt: promptOf(size, reasoning), model: compatModels[model], stepNumber: 0, retryCount: 0, state: {} }
  return () => compat.processLLMRequest(args)
}
