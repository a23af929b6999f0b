// Reciprocal rank fusion (Cormack, Clarke and Buettcher, SIGIR 2009): each arm
// ranks candidates its own way and the scores are not comparable (ts_rank_cd vs
// cosine similarity), so only the ranks are fused:
//   score(d) = sum over arms of weight / (k + rank(d)),  rank starting at 1.
// k = 60 is the paper's value: it damps the difference between the first few
// ranks so one arm's top hit cannot win alone against agreement of both arms.
// Both arms weigh 1 (neither is known to be better in general; bench/recall-quality
// measures it on this product's kind of data).

export const RRF_K = 60
export const DEFAULT_ARM_WEIGHTS = { text: 1, vector: 1 } as const

export type RankedMatch = { messageId: string; threadId: string; score: number }

export type FusionArm = { weight: number; matches: RankedMatch[] }

/** The matches of every arm, each message once, by fused score (best first); ties keep the earlier arm's order. */
export function fuseByReciprocalRank(arms: FusionArm[], k: number = RRF_K): RankedMatch[] {
  const fused = new Map<string, { match: RankedMatch; score: number; order: number }>()
  let order = 0
  for (const arm of arms) {
    arm.matches.forEach((match, index) => {
      const contribution = arm.weight / (k + index + 1)
      const seen = fused.get(match.messageId)
      if (seen) seen.score += contribution
      else fused.set(match.messageId, { match, score: contribution, order: order++ })
    })
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ match, score }) => ({ messageId: match.messageId, threadId: match.threadId, score }))
}
