import type { BufferedObservationChunk, ObservationalMemoryRecord } from '../storage/types.ts'
import { type MessagePosition, observationRangeIds, splitObservationRange } from './remap-observational-memory.ts'

// An OM generation as it stands for a fork that sees only part of its source's
// messages (a branch as of its branch point, a clone as of its last cloned
// message). A generation is rewritten in place until the next one, so the
// record current at the cutoff may already hold observations of later
// messages: whatever names a message past the cutoff is dropped.

/** Which of the given message ids the fork sees (e.g. a branch's effective history up to its branch point). */
export type VisibleMessageIds = (ids: string[]) => Promise<Set<string>>

/** (createdAt, id) positions of the given messages; unknown ids are left out. */
export type MessagePositions = (ids: string[]) => Promise<Map<string, MessagePosition>>

const groupPattern = /<observation-group\b[^>]*>[\s\S]*?<\/observation-group>/g
const rangePattern = /^<observation-group\b[^>]*?\srange="([^"]*)"/

function isBefore(a: MessagePosition, b: MessagePosition): boolean {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime()
  return byTime !== 0 ? byTime < 0 : a.id < b.id
}

/** Every message id a record names: observed ids, chunks' ids and the ends of observation ranges. */
export function referencedMessageIds(record: ObservationalMemoryRecord): string[] {
  const texts = [record.activeObservations, ...record.bufferedObservationChunks.map((chunk) => chunk.observations)]
  return [
    ...new Set([...record.observedMessageIds, ...record.bufferedObservationChunks.flatMap((chunk) => chunk.messageIds), ...texts.flatMap(observationRangeIds)]),
  ]
}

/**
 * `<observation-group range="first:last">` elements whose range does not lie
 * wholly in `visible` are dropped with their text (also when an end is no
 * message of this history: nothing says it is before the cutoff); groups
 * without a range are kept. Returns the text and the first ends of dropped
 * groups that straddle the cutoff (first visible, last not).
 */
export function dropGroupsPastCutoff(text: string, visible: ReadonlySet<string>): { text: string; straddling: string[] } {
  const straddling: string[] = []
  const kept = text.replace(groupPattern, (group) => {
    const range = rangePattern.exec(group)?.[1]
    if (range === undefined) return group
    if (splitObservationRange(range, (id) => visible.has(id)) !== undefined) return group
    const first = [...range.matchAll(/:/g)].map((colon) => range.slice(0, colon.index)).find((id) => visible.has(id))
    if (first !== undefined) straddling.push(first)
    return ''
  })
  return { text: kept, straddling }
}

/**
 * The record cut at the fork's cutoff: groups past it dropped, observed and
 * chunk ids it does not see dropped, chunks left without ids dropped. A group
 * straddling the cutoff goes too, and the visible messages from its first one
 * on count as unobserved again (their observations went with the group), so
 * the observer picks them up on the fork. lastObservedAt is capped at
 * `cutoff` (when given). Identity fields are unchanged.
 */
export async function cutObservationalMemory(
  record: ObservationalMemoryRecord,
  visibleMessageIds: VisibleMessageIds,
  positionsOf: MessagePositions,
  cutoff: Date | null,
): Promise<ObservationalMemoryRecord> {
  const referenced = referencedMessageIds(record)
  const visible = referenced.length === 0 ? new Set<string>() : await visibleMessageIds(referenced)
  const straddling: string[] = []
  const cut = (text: string) => {
    const result = dropGroupsPastCutoff(text, visible)
    straddling.push(...result.straddling)
    return result.text
  }
  const activeObservations = cut(record.activeObservations)
  const chunks: BufferedObservationChunk[] = record.bufferedObservationChunks.flatMap((chunk) => {
    const messageIds = chunk.messageIds.filter((id) => visible.has(id))
    if (chunk.messageIds.length > 0 && messageIds.length === 0) return []
    return [{ ...chunk, observations: cut(chunk.observations), messageIds }]
  })
  let observedMessageIds = record.observedMessageIds.filter((id) => visible.has(id))
  if (straddling.length > 0) {
    const positions = await positionsOf([...new Set([...straddling, ...observedMessageIds])])
    const firsts = straddling.flatMap((id) => positions.get(id) ?? [])
    const earliest = firsts.reduce<MessagePosition | undefined>((min, p) => (min === undefined || isBefore(p, min) ? p : min), undefined)
    if (earliest !== undefined) {
      observedMessageIds = observedMessageIds.filter((id) => {
        const position = positions.get(id)
        return position !== undefined && isBefore(position, earliest)
      })
    }
  }
  const lastObservedAt =
    cutoff !== null && record.lastObservedAt !== null && record.lastObservedAt.getTime() > cutoff.getTime() ? cutoff : record.lastObservedAt
  return { ...record, activeObservations, bufferedObservationChunks: chunks, observedMessageIds, lastObservedAt }
}
