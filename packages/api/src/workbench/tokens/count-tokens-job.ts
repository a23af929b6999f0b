// The token counts of one batch, as a sandbox worker computes them: exact BPE
// (linear-bpe.ts) until the batch's time budget is spent, then the engine's
// estimate (a token per 4 bytes) for the text being counted and those left, so
// a batch answers within its budget (checked between pre-tokenizer pieces)
// and never reaches the run's deadline.
import { approximateTokens } from '@threadline/engine'
import type { Encoding } from '../model-catalog.ts'
import { loadBpe } from './bpe-encodings.ts'

export type CountTokensJob = { op: 'countTokens'; encoding: Encoding; texts: string[]; budgetMs: number }

/** A count per text, and how many of them are the estimate (the budget ran out before them). */
export type CountTokensResult = { counts: number[]; estimated: number }

export async function countTokensJob(job: CountTokensJob): Promise<CountTokensResult> {
  const bpe = await loadBpe(job.encoding)
  const stopAt = performance.now() + job.budgetMs
  const counts: number[] = []
  let estimated = 0
  for (const text of job.texts) {
    const exact = estimated === 0 ? bpe.count(text, stopAt) : undefined
    if (exact === undefined) estimated += 1
    counts.push(exact ?? approximateTokens(text))
  }
  return { counts, estimated }
}
