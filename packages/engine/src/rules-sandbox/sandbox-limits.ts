import { z } from 'zod'
import { parseInput } from '../validation/parse-input.ts'

/** What one sandboxed call may use. Every call gets a fresh QuickJS runtime with these limits. */
export type SandboxLimits = {
  /** wall-clock budget of one call (rule evaluation + hook), enforced by QuickJS's interrupt handler */
  timeoutMs: number
  /** heap limit of the call's QuickJS runtime */
  memoryLimitBytes: number
  /** QuickJS stack limit */
  maxStackSizeBytes: number
}

const KIB = 1024
const MIB = 1024 * KIB

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  timeoutMs: 100,
  memoryLimitBytes: 32 * MIB,
  // QuickJS counts only its shadow stack; the WebAssembly frames themselves use
  // the host's native stack. A small limit makes QuickJS report deep recursion
  // (~740 frames here) before the host stack runs out.
  maxStackSizeBytes: 128 * KIB,
})

const sandboxLimitsSchema = z
  .object({
    timeoutMs: z.number().int().min(1).max(10_000).optional(),
    memoryLimitBytes: z
      .number()
      .int()
      .min(4 * MIB)
      .max(512 * MIB)
      .optional(),
    maxStackSizeBytes: z
      .number()
      .int()
      .min(16 * KIB)
      .max(256 * KIB)
      .optional(),
  })
  .strict()

/** The defaults overridden by `limits` (outside input: validated, InvalidInputError naming the field). */
export function resolveSandboxLimits(limits: unknown, field = 'limits'): SandboxLimits {
  const { timeoutMs, memoryLimitBytes, maxStackSizeBytes } = parseInput(sandboxLimitsSchema, limits ?? {}, { root: field })
  return {
    timeoutMs: timeoutMs ?? DEFAULT_SANDBOX_LIMITS.timeoutMs,
    memoryLimitBytes: memoryLimitBytes ?? DEFAULT_SANDBOX_LIMITS.memoryLimitBytes,
    maxStackSizeBytes: maxStackSizeBytes ?? DEFAULT_SANDBOX_LIMITS.maxStackSizeBytes,
  }
}
