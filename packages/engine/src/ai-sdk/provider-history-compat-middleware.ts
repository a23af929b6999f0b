// ProviderHistoryCompat for apps built directly on the AI SDK: the same
// compiler (built-in rules, capability profiles, custom rules, pairing check)
// runs on the prompt of every call made through `wrapLanguageModel`.
import type { LanguageModelV3Middleware } from '@ai-sdk/provider'
import { ProviderHistoryCompat, type ProviderHistoryCompatOptions } from '../processors/provider-history-compat/provider-history-compat.ts'
import { runProactiveRules } from '../processors/provider-history-compat/run-proactive-rules.ts'

export type ProviderHistoryCompatMiddlewareOptions = Pick<ProviderHistoryCompatOptions, 'additionalRules' | 'builtInRules'>

/**
 * A LanguageModelV3Middleware for `wrapLanguageModel({ model, middleware })`:
 * rewrites `params.prompt` for the wrapped model's provider (read from the
 * model itself) before each call. The caller's messages are not changed.
 * The AI SDK refuses an unanswered tool call before any middleware runs
 * (MissingToolResultsError): pass the messages through `compileHistory` first.
 * @throws InvalidInputError for a bad custom rule (as `new ProviderHistoryCompat`)
 */
export function providerHistoryCompatMiddleware(options: ProviderHistoryCompatMiddlewareOptions = {}): LanguageModelV3Middleware {
  const { rules } = new ProviderHistoryCompat(options)
  return {
    specificationVersion: 'v3',
    transformParams({ params, model }) {
      const prompt = runProactiveRules(rules, { prompt: params.prompt, model })
      return Promise.resolve(prompt === params.prompt ? params : { ...params, prompt })
    },
  }
}
