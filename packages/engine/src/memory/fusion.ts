// Reciprocal rank fusion (Cormack, Clarke and Buettcher, SIGIR 2009): each arm
// ranks candidates its own way and the scores are not comparable (ts_rank_cd vs
// cosine similarity), so only the ranks are fused:
//   score(d) = sum over arms of weight / (k + rank(d)),  rank starting at 1.
// The paper's k 60 with both arms at weight 1 fell below the full-text arm alone
// on real conversations (issue 32, REALTALK in bench/recall-quality.ts): with the
// local sentence encoder the vector arm finds a third of the evidence there
// against the full-text arm's 60 %, so hybrid recall@10 on the tuning half was
// 53.2 against text's 60.3. The defaults lean on the full-text arm: vector 0.2,
// k 10, the best of weights 0.1-0.4 x k 1-60 on that half (61.4; held-out 53.3
// against text 53.0 and vector 35.2; generated held-out 90.1 as with 1:1). A
// message only the vector arm found then ranks below every full-text match
// (0.2 / 11 < 1 / 50): the vector arm reorders the text arm's matches where it
// agrees, and fills the list when the text arm finds too few.

export const RRF_K = 10
export const DEFAULT_ARM_WEIGHTS = { text: 1, vector: 0.2 } as const

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
