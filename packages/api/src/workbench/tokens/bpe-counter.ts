// OpenAI's BPE as the engine's TokenCounter, counted on the sandbox worker
// pool (the playground's), never on the server's own thread: a request's texts
// go to a worker in batches (the engine sends one context's texts at once).
// Bounded per request: its batches count exactly up to MAX_COUNTED_CHARS
// characters together; texts past that get the engine's estimate (a token per
// 4 bytes), as do texts a batch reaches after its time budget
// (count-tokens-job.ts). The pool's own limits (per-caller runs, queue wait,
// deadline) apply as to any playground run, except that a busy pool (no free
// worker in time, or the caller's runs all taken, as when Compare models runs
// several turns at once) gets the batch estimated: counting never fails a turn.
import { TRPCError } from '@trpc/server'
import { approximateTokens, type TokenCounter } from '@threadline/engine'
import type { PlaygroundPool } from '../../playground/worker/playground-pool.ts'
import type { Encoding } from '../model-catalog.ts'
import type { CountTokensResult } from './count-tokens-job.ts'

/** Characters one request counts exactly, all its batches together. */
export const MAX_COUNTED_CHARS = 1_000_000
/** A batch's time on a worker before the texts left are estimated (within the pool's 5 s deadline, with room for a loaded machine). */
export const COUNT_BUDGET_MS = 3_000

export type BpeCounterOptions = { pool: PlaygroundPool; callerKey: string; encoding: Encoding }

/** A counter for one request (its character budget is spent as it counts). */
export function bpeTokenCounter({ pool, callerKey, encoding }: BpeCounterOptions): TokenCounter {
  let charsLeft = MAX_COUNTED_CHARS
  return {
    async countAll(texts) {
      const exact: string[] = []
      for (const text of texts) {
        if (text.length > charsLeft) {
          // the budget is spent: this text and every later one are estimated
          charsLeft = 0
          break
        }
        charsLeft -= text.length
        exact.push(text)
      }
      const estimated = texts.slice(exact.length).map(approximateTokens)
      if (exact.length === 0) return estimated
      const counted = await pool.run(callerKey, { op: 'countTokens', encoding, texts: exact, budgetMs: COUNT_BUDGET_MS }).then(
        (result) => (result as CountTokensResult).counts,
        (error: unknown) => {
          if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') return exact.map(approximateTokens)
          throw error
        },
      )
      return [...counted, ...estimated]
    },
  }
}
