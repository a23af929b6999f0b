// Tuning the hybrid fusion honestly: the weights and k of reciprocal rank
// fusion are chosen on the questions of one half of the people and reported on
// the other half (held out), next to the defaults on the same held-out half.
// Each question's two arms (full-text and vector, each ranked deeper than the
// top 10, as Memory's hybrid search does) are fused again for every grid point
// with the engine's own fuseByReciprocalRank.
import { DEFAULT_ARM_WEIGHTS, fuseByReciprocalRank, RRF_K, type FusionArm } from '@threadline/engine'
import { meanReciprocalRank, recallAt, type Ranked } from './metrics.ts'

export type ArmRuns = { resourceId: string; question: string; evidenceIds: string[]; text: FusionArm['matches']; vector: FusionArm['matches'] }
export type Fusion = { vectorWeight: number; k: number }
export const DEFAULT_FUSION: Fusion = { vectorWeight: DEFAULT_ARM_WEIGHTS.vector / DEFAULT_ARM_WEIGHTS.text, k: RRF_K }

/** Text weighs 1; the vector arm's weight and k vary (only the ratio of the weights matters). */
export const FUSION_GRID: Fusion[] = [0.1, 0.2, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4].flatMap((vectorWeight) =>
  [1, 5, 10, 20, 40, 60, 100].map((k) => ({ vectorWeight, k })),
)

export function fuse(runs: ArmRuns[], fusion: Fusion, topK: number): (Ranked & { resourceId: string })[] {
  return runs.map((run) => ({
    resourceId: run.resourceId,
    evidenceIds: run.evidenceIds,
    rankedIds: fuseByReciprocalRank(
      [
        { weight: 1, matches: run.text },
        { weight: fusion.vectorWeight, matches: run.vector },
      ],
      fusion.k,
    )
      .slice(0, topK)
      .map((match) => match.messageId),
  }))
}

/** People sorted by id: the first half tunes, the second half is held out. */
export function splitByPerson<T extends { resourceId: string }>(items: T[]): { tune: T[]; heldOut: T[] } {
  const people = [...new Set(items.map((item) => item.resourceId))].sort()
  const tuning = new Set(people.slice(0, Math.ceil(people.length / 2)))
  return { tune: items.filter((item) => tuning.has(item.resourceId)), heldOut: items.filter((item) => !tuning.has(item.resourceId)) }
}

/** The grid point with the best recall@topK on `runs`, then the best MRR; the first such point on ties. */
export function bestFusion(runs: ArmRuns[], topK: number, grid: Fusion[] = FUSION_GRID): Fusion {
  let best: { fusion: Fusion; recall: number; mrr: number } | null = null
  for (const fusion of grid) {
    const ranked = fuse(runs, fusion, topK)
    const recall = recallAt(ranked, topK)
    const mrr = meanReciprocalRank(ranked, topK)
    if (best === null || recall > best.recall || (recall === best.recall && mrr > best.mrr)) best = { fusion, recall, mrr }
  }
  if (best === null) throw new Error('empty fusion grid')
  return best.fusion
}
