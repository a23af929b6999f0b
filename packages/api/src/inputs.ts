// zod pieces shared by the routers' inputs: the engine's schemas (each shape
// has one, owned by the engine), plus the transport's own paging.
import { idSchema, languageModelPromptSchema, memoryScopeSchema, type LanguageModelPrompt } from '@threadline/engine'
import { z } from 'zod'

export const idInput = idSchema
export const threadIdInput = idSchema
export const resourceIdInput = idSchema
export const memoryScopeInput = memoryScopeSchema
/** 1-based page numbers and a bounded page size, as the admin UI pages */
export const pageInput = z.number().int().min(1).max(100_000).default(1)
export const pageSizeInput = z.number().int().min(1).max(100).default(20)

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * A language-model prompt (V3) given as JSON (typed `unknown` for callers),
 * checked by the engine's schema; its output is the engine's prompt type (the
 * schema checks the structure; JSON payloads are `unknown` on both sides).
 */
export const promptInput = z
  .unknown()
  .pipe(languageModelPromptSchema)
  .transform((prompt) => prompt as LanguageModelPrompt)
