// The operators' saved rules run as a sandbox worker runs them (the
// playground's pool): compiled into QuickJS there, inside a real
// ProviderHistoryCompat holding only them, whose hook is called as a turn
// calls it. What leaves the worker is plain data: the rewritten prompt or the
// repaired messages, and the events the hook reported.
import { ProviderHistoryCompat, type LanguageModelPrompt, type ProcessorEvent, type StoredMessage } from '@threadline/engine'
import { compileSavedRule } from '../../playground/compile-saved-rule.ts'

export type SavedRuleCode = { code: string; name: string; errorPatterns: string[] }

/** The model as a rule sees it: the 'provider/model' string, or a model object's provider and id. */
export type ModelData = string | { provider: string; modelId: string }

type HookCall = { rules: SavedRuleCode[]; model: ModelData; stepNumber: number; retryCount: number; record: boolean }

export type SavedRulesJob =
  ({ op: 'savedRulesPrompt'; prompt: LanguageModelPrompt } & HookCall) | ({ op: 'savedRulesError'; errorTexts: string[]; messages: StoredMessage[] } & HookCall)

export type SavedRulesPromptResult = { prompt: LanguageModelPrompt | null; events: ProcessorEvent[] }
export type SavedRulesErrorResult = { retry: boolean; messages: StoredMessage[]; events: ProcessorEvent[] }

/**
 * The error the reactive rules match, rebuilt from its texts (every message
 * and response body along its chain: all that errorPatterns are matched against).
 */
function errorFromTexts(texts: readonly string[]): unknown {
  return texts.reduceRight<object | undefined>((cause, message) => ({ message, ...(cause === undefined ? {} : { cause }) }), undefined)
}

export async function runSavedRulesJob(job: SavedRulesJob): Promise<SavedRulesPromptResult | SavedRulesErrorResult> {
  const compat = new ProviderHistoryCompat({ builtInRules: [], additionalRules: await Promise.all(job.rules.map((rule) => compileSavedRule(rule))) })
  const events: ProcessorEvent[] = []
  const call = {
    model: job.model,
    stepNumber: job.stepNumber,
    retryCount: job.retryCount,
    state: {},
    ...(job.record ? { onEvent: (event: ProcessorEvent) => events.push(event) } : {}),
  }
  if (job.op === 'savedRulesPrompt') {
    const result = compat.processLLMRequest({ ...call, prompt: job.prompt })
    return { prompt: result?.prompt ?? null, events }
  }
  const result = await compat.processAPIError({ ...call, error: errorFromTexts(job.errorTexts), messages: job.messages })
  return { retry: result?.retry === true, messages: job.messages, events }
}
