import type { BufferedObservationChunk, MemoryStorage, ObservationalMemoryPatch, ObservationalMemoryRecord } from '../../storage/types.ts'
import { observationRangeIds, retagThread, splitObservationRange } from '../remap-observational-memory.ts'

// Thread-scoped observational memory across the branch operations (issue 12;
// the spec is silent, the choice is "nothing lost"): every generation is kept
// and rewritten in place, so an as-of branch taken later still finds the
// generation current at its cutoff.
//   materializeBranch: the thread keeps its own memory; message ids of
//     inherited messages (observed ids, chunk ids, `range` ends) name the copies.
//   promoteBranch: the storage re-keys the rows (S's to the new branch, B's to
//     S); `<thread id>` tags are rewritten here to name the thread that now holds them.

type Rewrite = { text: (text: string) => string; id: (id: string) => string }

/** The rewritten text and ids of a generation; null when nothing changes. */
function rewritten(record: ObservationalMemoryRecord, rewrite: Rewrite): ObservationalMemoryPatch | null {
  const seen = { changed: false }
  const text = (value: string) => {
    const next = rewrite.text(value)
    seen.changed ||= next !== value
    return next
  }
  const ids = (values: string[]) => {
    const next = values.map(rewrite.id)
    seen.changed ||= next.some((id, index) => id !== values[index])
    return next
  }
  const patch = {
    activeObservations: text(record.activeObservations),
    observedMessageIds: ids(record.observedMessageIds),
    bufferedObservationChunks: record.bufferedObservationChunks.map((chunk): BufferedObservationChunk => ({
      ...chunk,
      observations: text(chunk.observations),
      messageIds: ids(chunk.messageIds),
    })),
  }
  return seen.changed ? patch : null
}

async function rewriteGenerations(storage: MemoryStorage, generations: ObservationalMemoryRecord[], rewrite: Rewrite): Promise<void> {
  for (const record of generations) {
    const patch = rewritten(record, rewrite)
    if (patch !== null) await storage.updateObservationalMemory(record.id, patch)
  }
}

/** Every message id a thread's observational memory names (observed, chunk and range ids), for the copy map of a materialization. */
export function observationMessageIds(generations: ObservationalMemoryRecord[]): string[] {
  const ids = new Set<string>()
  for (const record of generations) {
    for (const id of record.observedMessageIds) ids.add(id)
    for (const id of observationRangeIds(record.activeObservations)) ids.add(id)
    for (const chunk of record.bufferedObservationChunks) {
      for (const id of chunk.messageIds) ids.add(id)
      for (const id of observationRangeIds(chunk.observations)) ids.add(id)
    }
  }
  return [...ids]
}

/** `range="first:last"` ends renamed through `copies` (old id -> copy id); an end that was not copied stays. */
function renameRanges(text: string, copies: ReadonlyMap<string, string>, known: (id: string) => boolean): string {
  return text.replace(/(<observation-group\b[^>]*?\srange=")([^"]*)(")/g, (tag, open: string, range: string, close: string) => {
    const split = splitObservationRange(range, known)
    if (split === undefined) return tag
    const [first, last] = split
    return `${open}${copies.get(first) ?? first}:${copies.get(last) ?? last}${close}`
  })
}

/** After materializeBranch: the generations of `generations` name the copies instead of the inherited rows. */
export async function renameCopiedMessages(
  storage: MemoryStorage,
  generations: ObservationalMemoryRecord[],
  copies: ReadonlyMap<string, string>,
): Promise<void> {
  if (copies.size === 0) return
  const referenced = new Set(observationMessageIds(generations))
  const known = (id: string) => copies.has(id) || referenced.has(id)
  await rewriteGenerations(storage, generations, { text: (text) => renameRanges(text, copies, known), id: (id) => copies.get(id) ?? id })
}

/** After promoteBranch: `<thread id>` tags of `fromThreadId` in `threadId`'s thread-scoped generations name `threadId`. */
export async function retagThreadMemory(storage: MemoryStorage, threadId: string, fromThreadId: string): Promise<void> {
  const generations = await storage.listObservationalMemoryGenerations({ scope: 'thread', threadId })
  await rewriteGenerations(storage, generations, { text: (text) => retagThread(text, fromThreadId, threadId), id: (id) => id })
}
