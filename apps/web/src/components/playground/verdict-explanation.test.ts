import { APICallError } from '@ai-sdk/provider'
import { decideRetry, resolveStreamErrorRetryOptions } from '@threadline/engine'
import { anthropicOverloaded } from '@threadline/engine/provider-error-presets'
import { describe, expect, it } from 'vitest'
import { explainCombined, explainCompatVerdict, explainRetryDecision, needsCustomMatcher, SPEC_ECONNRESET_MATCHER } from './verdict-explanation.ts'

/** The engine's real decision for an error (what the playground's retryDecision returns). */
const decide = (error: unknown, options = {}, retryCount = 0) =>
  decideRetry({ error, messages: [], retryCount, stepNumber: 0, state: {}, model: 'anthropic/claude-sonnet-4-5' }, resolveStreamErrorRetryOptions(options))

const overloaded529 = () =>
  new APICallError({
    message: 'Overloaded',
    url: 'https://api.anthropic.com/v1/messages',
    requestBodyValues: {},
    statusCode: 529,
    responseBody: JSON.stringify(anthropicOverloaded.body),
    data: anthropicOverloaded.body,
    isRetryable: true,
  })
const econnreset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })

describe('explainRetryDecision', () => {
  it("names the built-in matcher for Anthropic errors and the field it read for Anthropic's 529 overloaded_error (no OpenAI name)", async () => {
    const sentence = explainRetryDecision(await decide(overloaded529()))
    expect(sentence).toBe(
      'StreamErrorRetryProcessor retries: its built-in matcher for Anthropic errors (type “overloaded_error”) recognised the error as transient.',
    )
    expect(sentence).not.toMatch(/OpenAI/)
  })

  it('names isRetryableOpenAIResponsesStreamError for an OpenAI Responses error chunk', async () => {
    expect(explainRetryDecision(await decide({ type: 'error', code: 'server_error', message: 'The server had an error.' }))).toBe(
      'StreamErrorRetryProcessor retries: its built-in matcher isRetryableOpenAIResponsesStreamError (code “server_error”) recognised the error as transient.',
    )
  })

  it('names a custom matcher by number and pattern', async () => {
    const matchers = [{ pattern: 'nope', flags: '' }, SPEC_ECONNRESET_MATCHER]
    const options = { matchers: [() => false, (error: unknown) => error instanceof Error && /socket hang up/i.test(error.message)] }
    expect(explainRetryDecision(await decide(econnreset(), options), matchers)).toBe(
      'StreamErrorRetryProcessor retries: custom matcher #2 (/econnreset|socket hang up/i) matched the error.',
    )
  })

  it('says why ECONNRESET is not retried even with maxRetries 5, and that it needs a custom matcher', async () => {
    const decision = await decide(econnreset(), { maxRetries: 5 })
    expect(explainRetryDecision(decision)).toMatch(/does not retry: neither its built-in matcher, the isRetryable flag nor a custom matcher recognised/)
    expect(needsCustomMatcher('connection', decision)).toBe(true)
    expect(needsCustomMatcher('http', decision)).toBe(false)
  })

  it('names the rule whose budget is spent', async () => {
    expect(explainRetryDecision(await decide(overloaded529(), {}, 1))).toBe(
      'StreamErrorRetryProcessor does not retry: the built-in matcher for Anthropic errors (type “overloaded_error”) matched, but its budget is spent (1 of 1 retry used).',
    )
  })
})

describe('explainCompatVerdict and explainCombined', () => {
  const rules = [
    { name: 'anthropic-tool-id-format', matched: true },
    { name: 'openai-responses-orphan-reasoning', matched: false },
  ] as Parameters<typeof explainCompatVerdict>[0]['rules']

  it('one sentence per processor when they disagree, and how the agent combines them', () => {
    expect(explainCompatVerdict({ compatRetry: true, compatReason: 'fixed', fixedBy: 'anthropic-tool-id-format', rules })).toBe(
      'ProviderHistoryCompat retries: its rule anthropic-tool-id-format recognised the error and repaired the stored messages, so the same request can now succeed.',
    )
    expect(explainCompatVerdict({ compatRetry: false, compatReason: 'not-fixed', fixedBy: null, rules })).toMatch(
      /^ProviderHistoryCompat does not retry: anthropic-tool-id-format matched, but/,
    )
    expect(explainCombined(true, false)).toBe('The agent retries, because it retries when any error processor asks (within maxProcessorRetries).')
    expect(explainCombined(false, false)).toMatch(/does not retry/)
  })
})
