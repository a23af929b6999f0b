// Evidence recall@k (the share of a question's evidence messages in its top k,
// averaged over questions) and MRR (1 / rank of the first evidence message in
// the top 10, 0 when none), as percentages / a fraction.
export type Ranked = { evidenceIds: string[]; rankedIds: string[] }

export function recallAt(results: Ranked[], k: number): number {
  const per = results.map(({ evidenceIds, rankedIds }) => {
    const top = new Set(rankedIds.slice(0, k))
    return evidenceIds.filter((id) => top.has(id)).length / evidenceIds.length
  })
  return (100 * per.reduce((sum, value) => sum + value, 0)) / Math.max(1, per.length)
}

export function meanReciprocalRank(results: Ranked[], depth = 10): number {
  const per = results.map(({ evidenceIds, rankedIds }) => {
    const rank = rankedIds.slice(0, depth).findIndex((id) => evidenceIds.includes(id))
    return rank === -1 ? 0 : 1 / (rank + 1)
  })
  return per.reduce((sum, value) => sum + value, 0) / Math.max(1, per.length)
}
