// StreamErrorRetryProcessor's options as plain data (JSON, what an API call or
// a form carries): custom matchers are RegExp sources searched in the error's
// texts instead of functions. The playground resolves them into options.
import { z } from 'zod'

const regexFlagsSchema = z.string().regex(/^(?!.*(.).*\1)[imsu]*$/, 'use only the flags i, m, s, u, each once')

function isRegExpSource({ pattern, flags }: { pattern: string; flags: string }): boolean {
  try {
    new RegExp(pattern, flags)
    return true
  } catch {
    return false
  }
}

const retryCountSchema = z.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(10)
const delayMsSchema = z.number({ error: 'must be a number' }).min(0).max(600_000)

/** A custom matcher as data: a RegExp source searched in the error's messages and response bodies along its cause chain. */
export const retryMatcherDataSchema = z
  .strictObject({
    pattern: z.string().min(1, 'must not be empty').max(1000),
    flags: regexFlagsSchema.default(''),
    maxRetries: retryCountSchema.optional(),
    delayMs: delayMsSchema.optional(),
  })
  .refine(isRegExpSource, { error: 'is not a valid regular expression', path: ['pattern'] })

/** The processor's options as data; unset fields keep the processor's defaults. */
export const streamErrorRetryOptionsDataSchema = z.strictObject({
  maxRetries: retryCountSchema.optional(),
  delayMs: delayMsSchema.optional(),
  retryUnknownErrors: z.boolean().optional(),
  maxRetryAfterMs: z.number({ error: 'must be a number' }).min(0).max(3_600_000).optional(),
  matchers: z.array(retryMatcherDataSchema).max(20).optional(),
})

export type StreamErrorRetryOptionsData = z.output<typeof streamErrorRetryOptionsDataSchema>
