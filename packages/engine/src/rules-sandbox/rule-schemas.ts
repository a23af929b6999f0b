// The fields of a custom rule, as compileSandboxedRule takes them and as the
// playground saves and edits them (routers and forms derive from these). Zod
// only: the core exports them without loading the sandbox.
import { z } from 'zod'

export const MAX_RULE_SOURCE_LENGTH = 100_000

/** A rule's source code; not trimmed: error locations must match the editor's lines. */
export const ruleSourceSchema = z
  .string()
  .max(MAX_RULE_SOURCE_LENGTH)
  .refine((source) => source.trim() !== '', 'must not be empty')

/** A rule's name (it replaces the name in the code). */
export const ruleNameSchema = z.string().trim().min(1).max(200)

/** A rule's error patterns: RegExp sources matched against provider error texts. */
export const errorPatternSourcesSchema = z.array(z.string().min(1, 'must not be empty').max(1000)).max(50)
