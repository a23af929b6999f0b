// Code from the spec, verbatim (only the imports differ), shared by the tests
// that prove it runs unchanged: through the processor, an Agent on the wire,
// and pasted into the rules sandbox.
import type { CompatRule } from '../processors/provider-history-compat/types.ts'

/** docs/spec/provider-history-compat.md, "Custom rules". */
export const stripUnsupportedAssistantMetadata: CompatRule = {
  name: 'strip-unsupported-assistant-metadata',
  applyToPrompt({ prompt, model }) {
    if (typeof model !== 'string' || !model.startsWith('example-provider/')) {
      return undefined
    }
    let changed = false
    const nextPrompt = prompt.map((message) => {
      if (message.role !== 'assistant' || typeof message.content === 'string') {
        return message
      }
      const nextContent = message.content.map((part) => {
        if (!('providerOptions' in part)) return part
        changed = true
        const { providerOptions: _providerOptions, ...rest } = part
        return rest
      })
      return { ...message, content: nextContent }
    })
    // `changed` is set in the map callback above, which TypeScript's narrowing does not see
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    return changed ? nextPrompt : undefined
  },
}

/** docs/spec/stream-error-retry.md, "Retry delay with a custom matcher". */
export const isECONNRESET = (error: unknown) => {
  if (!error || typeof error !== 'object') return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && code.toUpperCase() === 'ECONNRESET') return true
  const message = error instanceof Error ? error.message : undefined
  return typeof message === 'string' && /econnreset|socket hang up/i.test(message)
}
