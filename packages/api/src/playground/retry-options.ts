// StreamErrorRetryProcessor options as the playground takes them: plain data.
// Custom matchers are error-text patterns, matched in the sandbox like custom
// rules' patterns (a backtracking pattern hits the time limit, not the server).
import { errorTexts, resolveStreamErrorRetryOptions, type ResolvedStreamErrorRetryOptions, type StreamErrorRetryMatcherEntry } from '@threadline/engine'
import { SandboxedRegExp } from '@threadline/engine/sandbox'
import { z } from 'zod'

const regexFlags = z
  .string()
  .regex(/^(?!.*(.).*\1)[imsu]*$/, 'use only the flags i, m, s, u, each once')
  .default('')

const matcherInput = z
  .strictObject({
    /** a RegExp source searched in the error's messages and response bodies along its cause chain */
    pattern: z.string().min(1).max(1000),
    flags: regexFlags,
    maxRetries: z.number().int().min(0).max(10).optional(),
    delayMs: z.number().min(0).max(600_000).optional(),
  })
  .refine(
    ({ pattern, flags }) => {
      try {
        new RegExp(pattern, flags)
        return true
      } catch {
        return false
      }
    },
    { error: 'is not a valid regular expression', path: ['pattern'] },
  )

export const retryOptionsInput = z
  .strictObject({
    maxRetries: z.number().int().min(0).max(10).optional(),
    delayMs: z.number().min(0).max(600_000).optional(),
    retryUnknownErrors: z.boolean().optional(),
    maxRetryAfterMs: z.number().min(0).max(3_600_000).optional(),
    matchers: z.array(matcherInput).max(20).optional(),
  })
  .default({})

export function resolveRetryOptions(input: z.output<typeof retryOptionsInput>): ResolvedStreamErrorRetryOptions {
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
