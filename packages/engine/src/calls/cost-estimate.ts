// A recorded call's cost, estimated from its token usage and the price table
// (model-prices.ts, docs/pricing.md). Always an estimate: list prices, no
// discounts, and the token counts the provider reported (the demo provider's
// are themselves estimates).
import type { CallUsage } from './call-events.ts'
import { MODEL_PRICES, type ModelPrice } from './model-prices.ts'

/** `no-price`: the model is not in the table; `no-usage`: the call reported no token counts */
export type CostEstimate = { known: true; usd: number; price: ModelPrice } | { known: false; reason: 'no-price' | 'no-usage' }

export function estimateCallCost(
  call: { provider: string; modelId: string; usage: CallUsage | null },
  prices: readonly ModelPrice[] = MODEL_PRICES,
): CostEstimate {
  const price = prices.find((entry) => entry.provider === call.provider && entry.modelId === call.modelId)
  if (!price) return { known: false, reason: 'no-price' }
  if (!call.usage) return { known: false, reason: 'no-usage' }
  const usd = (call.usage.inputTokens * price.inputPerMillion + call.usage.outputTokens * price.outputPerMillion) / 1_000_000
  return { known: true, usd, price }
}
