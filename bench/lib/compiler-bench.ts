// The compiler (ProviderHistoryCompat's full rule pipeline) on a 10,000-message
// prompt for every target family, no rule applying and rules firing, beside
// the compat pass as it was before the compiler (the four rules main runs,
// through the same processLLMRequest): p50 / p99 per call in ms.
import { capabilityProfiles, ProviderHistoryCompat, type LanguageModelPrompt, type ProviderFamily } from '@threadline/engine'
import { acceptedEverywhere, storedElsewhere } from './compiler-histories.ts'
import { summarize } from './measure.ts'
import type { createReport } from './report.ts'

/** A model of each family, as the agent or an AI SDK app would pass it. */
const familyModels: Record<ProviderFamily, unknown> = {
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

const MAINS_RULES = [
  'anthropic-tool-id-format',
  'cerebras-strip-reasoning-content',
  'anthropic-strip-foreign-reasoning-content',
  'openai-responses-orphan-reasoning',
]

function timeCalls(compat: ProviderHistoryCompat, prompt: LanguageModelPrompt, model: unknown, calls: number): { p50: number; p99: number; changed: number } {
  const args = { prompt, model: model as string, stepNumber: 0, retryCount: 0, state: {} }
  const first = compat.explain({ prompt, model: model as string, messages: [], retryCount: 0 }).proactive
  const changed = first.rules.filter((outcome) => outcome.status === 'changed').length
  for (let warm = 0; warm < 20; warm++) compat.processLLMRequest(args)
  const samples: number[] = []
  for (let call = 0; call < calls; call++) {
    const start = performance.now()
    compat.processLLMRequest(args)
    samples.push(performance.now() - start)
  }
  const { p50, p99 } = summarize(samples)
  return { p50, p99, changed }
}

export function compilerBench(report: ReturnType<typeof createReport>, size = 10_000, calls = 300): void {
  const compiler = new ProviderHistoryCompat()
  const mains = new ProviderHistoryCompat({ builtInRules: MAINS_RULES })
  const prompts = { 'no rule applies': acceptedEverywhere(size), 'rules fire': storedElsewhere(size) }
  for (const family of Object.keys(capabilityProfiles) as ProviderFamily[]) {
    const model = familyModels[family]
    for (const [history, prompt] of Object.entries(prompts)) {
      const compiled = timeCalls(compiler, prompt, model, calls)
      const before = timeCalls(mains, prompt, model, calls)
      report.row('compiler: 10k-message prompt per target family', {
        target: family,
        history,
        messages: prompt.length,
        'rules changed': compiled.changed,
        'compiler p50 ms': compiled.p50,
        'compiler p99 ms': compiled.p99,
        "main's 4 rules p50 ms": before.p50,
        "main's 4 rules p99 ms": before.p99,
      })
    }
  }
}
