// The switch matrix's first attempt runs ProviderHistoryCompat unrecorded, so
// its part rules run in one pass (compiler/part-rules-in-one-pass.ts), while
// explain() runs them rule by rule: every cell also proves that both give the
// same prompt on the histories the real provider packages stored.
import type { ProviderHistoryCompat } from '../../processors/provider-history-compat/provider-history-compat.ts'
import type { Processor } from '../../processors/types.ts'

/** `compat`, failing a call whose outbound prompt is not, byte for byte, the prompt `compat.explain` reports for it. */
export function checkedAgainstExplain(compat: ProviderHistoryCompat): Processor {
  return {
    id: compat.id,
    name: `${compat.name} (checked against explain())`,
    processLLMRequest(args) {
      const result = compat.processLLMRequest(args)
      const explained = compat.explain({ prompt: args.prompt, model: args.model, messages: [], retryCount: args.retryCount }).proactive.prompt
      if (JSON.stringify(result?.prompt ?? args.prompt) !== JSON.stringify(explained)) {
        throw new Error('the compiled prompt differs from the prompt explain() reports for it')
      }
      return result
    },
    processAPIError: (args) => compat.processAPIError(args),
  }
}
