// The token counts of one batch, as a sandbox worker computes them: exact BPE
// (linear-bpe.ts) until the batch's time budget is spent, then the engine's
// estimate (a token per 4 bytes) for the texts left, so a batch answers within
// its budget plus one text's encoding (under 2 s for 100,000 characters
// without spaces on a loaded 2-core machine) and never hits the run's deadline.
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
    if (performance.now() < stopAt) counts.push(bpe.count(text))
    else {
      counts.push(approximateTokens(text))
      estimated += 1
    }
  }
  return { counts, estimated }
}
