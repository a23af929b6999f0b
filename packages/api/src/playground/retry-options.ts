// StreamErrorRetryProcessor options as the playground takes them: plain data
// (the engine's schema). Custom matchers are error-text patterns, matched in
// the sandbox like custom rules' patterns (a backtracking pattern hits the
// time limit, not the server).
import {
  errorTexts,
  resolveStreamErrorRetryOptions,
  streamErrorRetryOptionsDataSchema,
  type ResolvedStreamErrorRetryOptions,
  type StreamErrorRetryMatcherEntry,
  type StreamErrorRetryOptionsData,
} from '@threadline/engine'
import { SandboxedRegExp } from '@threadline/engine/sandbox'

export const retryOptionsInput = streamErrorRetryOptionsDataSchema.default({})

export function resolveRetryOptions(input: StreamErrorRetryOptionsData): ResolvedStreamErrorRetryOptions {
  const { matchers, ...rest } = input
  const entries = (matchers ?? []).map((matcher, index): StreamErrorRetryMatcherEntry => {
    const pattern = new SandboxedRegExp(matcher.pattern, matcher.flags, { ruleName: `matcher ${index}` })
    return {
      match: (error) => errorTexts(error).some((text) => text.search(pattern) !== -1),
      ...(matcher.maxRetries === undefined ? {} : { maxRetries: matcher.maxRetries }),
      ...(matcher.delayMs === undefined ? {} : { delayMs: matcher.delayMs }),
    }
  })
  return resolveStreamErrorRetryOptions({ ...rest, matchers: entries })
}
