// One ProviderHistoryCompat.processLLMRequest call on a 10k-message compiler
// prompt for one target family, as bench/lib/compiler-bench.ts times it and
// as its allocation count (in a child process, lib/allocations.ts) runs it.
import { ProviderHistoryCompat, type ProcessLLMRequestArgs, type ProviderFamily } from '@threadline/engine'
import { acceptedEverywhere, storedElsewhere } from './compiler-histories.ts'

/** A model of each family, as the agent or an AI SDK app would pass it. */
export const familyModels: Record<ProviderFamily, unknown> = {
  'openai-chat': 'openai-chat/gpt-4o',
  'openai-responses': 'openai/gpt-5',
  anthropic: 'anthropic/claude-sonnet-4-5',
  google: { provider: 'google.generative-ai', modelId: 'gemini-3-pro-preview' },
  'google-openai-compatible': 'google/gemini-3-pro-preview',
  mistral: { provider: 'mistral.chat', modelId: 'mistral-large-latest' },
  bedrock: { provider: 'amazon-bedrock', modelId: 'anthropic.claude-sonnet-4-5-v1:0' },
  cerebras: 'cerebras/llama-3.3-70b',
  groq: { provider: 'groq.chat', modelId: 'openai/gpt-oss-120b' },
  deepseek: { provider: 'deepseek.chat', modelId: 'deepseek-reasoner' },
  xai: { provider: 'xai.responses', modelId: 'grok-4' },
  'openai-compatible': 'example-provider/model',
}

/** The four rules the compat pass ran before the compiler (issue 8), the baseline beside it. */
export const PRE_COMPILER_RULES = [
  'anthropic-tool-id-format',
  'cerebras-strip-reasoning-content',
  'anthropic-strip-foreign-reasoning-content',
  'openai-responses-orphan-reasoning',
]

export type CompilerHistory = 'no rule applies' | 'rules fire'

export type CompilerCallSpec = { family: ProviderFamily; history: CompilerHistory; size: number; rules: 'compiler' | 'pre-compiler' }

/** The call with recording off (no `onEvent`), on a prompt built once. */
export function compilerCall({ family, history, size, rules }: CompilerCallSpec): () => ReturnType<ProviderHistoryCompat['processLLMRequest']> {
  const compat = new ProviderHistoryCompat(rules === 'compiler' ? {} : { builtInRules: PRE_COMPILER_RULES })
  const prompt = history === 'no rule applies' ? acceptedEverywhere(size) : storedElsewhere(size)
  const args: ProcessLLMRequestArgs = { prompt, model: familyModels[family] as string, stepNumber: 0, retryCount: 0, state: {} }
  return () => compat.processLLMRequest(args)
}

/** The compiler on the history every target accepts, once per family in one call: its allocation count is 0 only when each family's is. */
export function everyFamilyIdleCall({ size }: { size: number }): () => void {
  const calls = (Object.keys(familyModels) as ProviderFamily[]).map((family) => compilerCall({ family, history: 'no rule applies', size, rules: 'compiler' }))
  return () => {
    // eslint-disable-next-line @typescript-eslint/prefer-for-of -- for…of allocates its iterator, which this count would see
    for (let index = 0; index < calls.length; index++) calls[index]?.()
  }
}

/** Orphan pairing alone (the compiler's first rule) on the "rules fire" history: one cancelled turn at its end. */
export function orphanPairingCall({ size }: { size: number }): () => ReturnType<ProviderHistoryCompat['processLLMRequest']> {
  const compat = new ProviderHistoryCompat({ builtInRules: ['pair-orphan-tool-calls'] })
  const args: ProcessLLMRequestArgs = { prompt: storedElsewhere(size), model: familyModels.mistral as string, stepNumber: 0, retryCount: 0, state: {} }
  return () => compat.processLLMRequest(args)
}

/** A copy of the same prompt array: the least a rule that changes one message of it allocates. */
export function promptCopyCall({ size }: { size: number }): () => unknown {
  const prompt = storedElsewhere(size)
  return () => prompt.slice()
}
