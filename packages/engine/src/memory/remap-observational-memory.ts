import type { BufferedObservationChunk, NewObservationalMemoryRecord, ObservationalMemoryRecord } from '../storage/types.ts'
import { hashThreadId } from './thread-id-hash.ts'

// Rewrites the current OM generation of a source thread (or resource) for its
// clone (decision 6): message ids are remapped to the cloned ids wherever they
// appear and ids that were not cloned are dropped; `<thread id>` tags of the
// source thread (raw or hashed) point at the clone; transient flags are reset.

/** A message's position in the source thread: (createdAt, id) order. */
export type MessagePosition = { id: string; createdAt: Date }

export type ObservationRemapContext = {
  /** source message id -> cloned message id */
  messageIdMap: Record<string, string>
  /** the cloned source messages, in (createdAt, id) order */
  cloned: MessagePosition[]
  /** positions of other messages OF THE SOURCE THREAD that observation ranges end on */
  sourcePositions: ReadonlyMap<string, MessagePosition>
  sourceThreadId: string
  targetThreadId: string
  targetResourceId: string
}

function compare(a: MessagePosition, b: MessagePosition): number {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime()
  if (byTime !== 0) return byTime
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * The two ends of an observation range `first:last`. Ids may contain ':': the
 * split taken is the first whose two ends are `known`; undefined when none is.
 */
export function splitObservationRange(range: string, known: (id: string) => boolean): readonly [string, string] | undefined {
  return [...range.matchAll(/:/g)]
    .map((colon) => [range.slice(0, colon.index), range.slice(colon.index + 1)] as const)
    .find(([first, last]) => known(first) && known(last))
}

/** `<thread id="...">` tags naming the source thread (raw or hashed) rewritten to name the target. */
export function retagThread(text: string, sourceThreadId: string, targetThreadId: string): string {
  const hashedSource = hashThreadId(sourceThreadId)
  return text.replace(/(<thread\b[^>]*?\sid=")([^"]*)(")/g, (tag, open: string, id: string, close: string) => {
    if (id === sourceThreadId) return `${open}${targetThreadId}${close}`
    if (id === hashedSource) return `${open}${hashThreadId(targetThreadId)}${close}`
    return tag
  })
}

/** The message ids that observation ranges in `text` end on (every way of splitting at a ':'). */
export function observationRangeIds(text: string): string[] {
  const ids: string[] = []
  for (const match of text.matchAll(/<observation-group\b[^>]*?\srange="([^"]*)"/g)) {
    const range = match[1] ?? ''
    for (const colon of range.matchAll(/:/g)) ids.push(range.slice(0, colon.index), range.slice(colon.index + 1))
  }
  return [...new Set(ids)]
}

/** Remapping functions for one clone; position lookups are indexed once. */
export function observationRemapper(context: ObservationRemapContext) {
  const map = context.messageIdMap
  const clonedById = new Map(context.cloned.map((message) => [message.id, message]))
  const position = (id: string) => clonedById.get(id) ?? context.sourcePositions.get(id)

  /**
   * The range `first:last` for the clone: both ends mapped when both were
   * cloned; otherwise the first and last CLONED messages inside the source
   * range (by position in the source thread); null when none of the range was
   * cloned or an end is not a message of the source thread (the attribute is
   * then dropped, the group's text kept).
   */
  function remapRange(range: string): string | null {
    const split = splitObservationRange(range, (id) => position(id) !== undefined)
    if (split === undefined) return null
    const [first, last] = split
    if (Object.hasOwn(map, first) && Object.hasOwn(map, last)) return `${map[first]}:${map[last]}`
    const from = position(first)
    const to = position(last)
    if (from === undefined || to === undefined) return null
    const inside = context.cloned.filter((message) => compare(message, from) >= 0 && compare(message, to) <= 0)
    const start = inside[0]
    const end = inside.at(-1)
    return start && end ? `${map[start.id]}:${map[end.id]}` : null
  }

  /** Observation text for the clone: ranges remapped (or dropped), source thread tags rewritten. */
  function remapText(text: string): string {
    const withRanges = text.replace(/<observation-group\b[^>]*>/g, (tag) =>
      tag.replace(/\srange="([^"]*)"/, (_attribute, range: string) => {
        const remapped = remapRange(range)
        return remapped === null ? '' : ` range="${remapped}"`
      }),
    )
    return retagThread(withRanges, context.sourceThreadId, context.targetThreadId)
  }

  function remapIds(ids: string[]): string[] {
    return ids.flatMap((id) => {
      const mapped = Object.hasOwn(map, id) ? map[id] : undefined
      return mapped === undefined ? [] : [mapped]
    })
  }

  function remapChunk(chunk: BufferedObservationChunk): BufferedObservationChunk {
    return { ...chunk, observations: remapText(chunk.observations), messageIds: remapIds(chunk.messageIds) }
  }

  return { remapText, remapIds, remapChunk }
}

/** The record to insert for the clone (scope kept; thread scope moves to the clone's thread). */
export function remapObservationalMemory(record: ObservationalMemoryRecord, context: ObservationRemapContext): NewObservationalMemoryRecord {
  const remapper = observationRemapper(context)
  return {
    scope: record.scope,
    resourceId: context.targetResourceId,
    threadId: record.scope === 'thread' ? context.targetThreadId : null,
    originType: record.originType,
    activeObservations: remapper.remapText(record.activeObservations),
    observedMessageIds: remapper.remapIds(record.observedMessageIds),
    bufferedObservationChunks: record.bufferedObservationChunks.map(remapper.remapChunk),
    lastObservedAt: record.lastObservedAt,
    totalTokensObserved: record.totalTokensObserved,
    observationTokenCount: record.observationTokenCount,
    pendingMessageTokens: record.pendingMessageTokens,
    isObserving: false,
    isReflecting: false,
    isBufferingObservation: false,
    isBufferingReflection: false,
    config: record.config,
    metadata: {
      ...record.metadata,
      clonedFrom: { observationalMemoryId: record.id, generation: record.generation, threadId: context.sourceThreadId },
    },
  }
}
