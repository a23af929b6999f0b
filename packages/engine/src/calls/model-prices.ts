// The price table behind a call's cost estimate (docs/pricing.md lists the
// same prices with their sources). Prices are list prices per million tokens,
// in US dollars, standard tier, no cache or batch discounts: an estimate, not
// a bill. Each entry names the page it was taken from and when.

export type ModelPrice = {
  provider: string
  modelId: string
  /** USD per 1,000,000 input (prompt) tokens */
  inputPerMillion: number
  /** USD per 1,000,000 output (completion) tokens */
  outputPerMillion: number
  /** the provider's pricing page the price was taken from */
  source: string
  /** when it was taken from there (YYYY-MM) */
  asOf: string
}

const OPENAI = 'https://openai.com/api/pricing/'
const ANTHROPIC = 'https://www.anthropic.com/pricing#api'
const CEREBRAS = 'https://www.cerebras.ai/pricing'

export const MODEL_PRICES: readonly ModelPrice[] = [
  { provider: 'openai', modelId: 'gpt-4.1', inputPerMillion: 2, outputPerMillion: 8, source: OPENAI, asOf: '2025-10' },
  { provider: 'openai', modelId: 'gpt-4.1-mini', inputPerMillion: 0.4, outputPerMillion: 1.6, source: OPENAI, asOf: '2025-10' },
  { provider: 'openai', modelId: 'gpt-4o', inputPerMillion: 2.5, outputPerMillion: 10, source: OPENAI, asOf: '2025-10' },
  { provider: 'openai', modelId: 'gpt-4o-mini', inputPerMillion: 0.15, outputPerMillion: 0.6, source: OPENAI, asOf: '2025-10' },
  { provider: 'anthropic', modelId: 'claude-sonnet-4-5', inputPerMillion: 3, outputPerMillion: 15, source: ANTHROPIC, asOf: '2025-10' },
  { provider: 'anthropic', modelId: 'claude-haiku-4-5', inputPerMillion: 1, outputPerMillion: 5, source: ANTHROPIC, asOf: '2025-10' },
  { provider: 'cerebras', modelId: 'llama-3.3-70b', inputPerMillion: 0.85, outputPerMillion: 1.2, source: CEREBRAS, asOf: '2025-10' },
  { provider: 'cerebras', modelId: 'gpt-oss-120b', inputPerMillion: 0.35, outputPerMillion: 0.75, source: CEREBRAS, asOf: '2025-10' },
]
