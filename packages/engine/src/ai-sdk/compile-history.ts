// The compiler on the AI SDK's own message list, before generateText /
// streamText: the SDK validates ModelMessage[] (an unanswered tool call is a
// MissingToolResultsError) before any middleware could repair it.
import type { ModelMessage } from 'ai'
import type { AgentModel } from '../agent/resolve-model.ts'
import type { LanguageModelPrompt } from '../processors/types.ts'
import { ProviderHistoryCompat, type ProviderHistoryCompatOptions } from '../processors/provider-history-compat/provider-history-compat.ts'
import { runProactiveRules } from '../processors/provider-history-compat/run-proactive-rules.ts'

export type CompileHistoryOptions = Pick<ProviderHistoryCompatOptions, 'additionalRules' | 'builtInRules'> & {
  /** the model the messages go to: a 'provider/model' string or an AI SDK model object (its `provider` id decides the profile) */
  model: AgentModel
}

const defaultCompat = new ProviderHistoryCompat()

/**
 * A message in the prompt's shape: string content becomes one text part (the
 * rules read part arrays). The other parts of ModelMessage and of the prompt
 * share their fields (`tool-call` input, `tool-result` output,
 * `providerOptions`); image parts and the like pass the rules untouched.
 */
function asPromptMessage(message: ModelMessage): LanguageModelPrompt[number] {
  if ((message.role === 'user' || message.role === 'assistant') && typeof message.content === 'string') {
    return { ...message, content: [{ type: 'text', text: message.content }] }
  }
  return message as LanguageModelPrompt[number]
}

/**
 * `messages` as the target model accepts them: the same compiler as
 * ProviderHistoryCompat and providerHistoryCompatMiddleware (an unanswered
 * call gets a synthetic "cancelled" result, IDs and names fit the profile,
 * reasoning it cannot take leaves). Returns the input array itself when
 * nothing changed; never mutates it. Deterministic.
 * @throws InvalidInputError for a bad custom rule
 */
export function compileHistory(messages: readonly ModelMessage[], options: CompileHistoryOptions): ModelMessage[] {
  const { model, ...ruleOptions } = options
  const { rules } = ruleOptions.additionalRules === undefined && ruleOptions.builtInRules === undefined ? defaultCompat : new ProviderHistoryCompat(ruleOptions)
  const prompt = messages.map(asPromptMessage)
  const compiled = runProactiveRules(rules, { prompt, model })
  // unchanged: the caller's own array (string contents stay strings)
  return compiled === prompt ? (messages as ModelMessage[]) : compiled
}
