import { expect, it } from 'vitest'
import { estimateCallCost } from './cost-estimate.ts'
import { MODEL_PRICES } from './model-prices.ts'

it('prices input and output tokens per million at the table price of the call model', () => {
  // gpt-4o: $2.50 in, $10 out per million tokens
  const estimate = estimateCallCost({ provider: 'openai', modelId: 'gpt-4o', usage: { inputTokens: 10_000, outputTokens: 2_000 } })
  expect(estimate).toMatchObject({ known: true, price: { source: 'https://openai.com/api/pricing/', asOf: '2025-10' } })
  expect(estimate.known && estimate.usd).toBeCloseTo(0.025 + 0.02, 10)
})

it('says why there is no estimate: a model without a price, a call without usage', () => {
  expect(estimateCallCost({ provider: 'demo', modelId: 'scripted-replies', usage: { inputTokens: 5, outputTokens: 5 } })).toEqual({
    known: false,
    reason: 'no-price',
  })
  expect(estimateCallCost({ provider: 'anthropic', modelId: 'claude-haiku-4-5', usage: null })).toEqual({ known: false, reason: 'no-usage' })
})

it('every priced model names its source page and month, once', () => {
  const keys = MODEL_PRICES.map((price) => `${price.provider}/${price.modelId}`)
  expect(new Set(keys).size).toBe(keys.length)
  for (const price of MODEL_PRICES) {
    expect(price.source).toMatch(/^https:\/\//)
    expect(price.asOf).toMatch(/^\d{4}-\d{2}$/)
  }
})
