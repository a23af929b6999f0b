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
import { prepareSandbox, SandboxedRegExp } from '@threadline/engine/sandbox'

export const retryOptionsInput = streamErrorRetryOptionsDataSchema.default({})

/** Loads the sandbox first when there are matchers: a pattern matches nothing before it is loaded (a fresh server, no custom rule compiled yet). */
export async function resolveRetryOptions(input: StreamErrorRetryOptionsData): Promise<ResolvedStreamErrorRetryOptions> {
  const { matchers, ...rest } = input
  if (matchers !== undefined && matchers.length > 0) await prepareSandbox()
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
