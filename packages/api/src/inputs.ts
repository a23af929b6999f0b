// zod pieces shared by the routers' inputs.
import type { LanguageModelPrompt } from '@threadline/engine'
import { parseLanguageModelPrompt } from '@threadline/engine/sandbox'
import { z } from 'zod'

export const idInput = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')
export const threadIdInput = idInput
export const resourceIdInput = idInput
/** 1-based page numbers and a bounded page size, as the admin UI pages */
export const pageInput = z.number().int().min(1).max(100_000).default(1)
export const pageSizeInput = z.number().int().min(1).max(100).default(20)
export const memoryScopeInput = z.enum(['thread', 'resource'])

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** A language-model prompt (V3) given as JSON, validated by the engine's schema, typed as the engine's prompt. */
export const promptInput = z.unknown().transform((value, ctx): LanguageModelPrompt => {
  const parsed = parseLanguageModelPrompt(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  return z.NEVER
})
