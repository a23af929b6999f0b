import { randomUUID } from 'node:crypto'
import type { Embedder } from '../embedders/types.ts'
import { EmbedderRequiredError } from '../errors/embedder-errors.ts'
import { InvalidCloneOptionsError, InvalidInputError, ThreadAlreadyExistsError, ThreadNotFoundError } from '../errors/index.ts'
import type { MemoryStorage, ObservationalMemoryRecord, StoredThread, VectorStore, WorkingMemoryKey } from '../storage/types.ts'
import { applyCloneBoundary, type CloneWarning } from './clone-boundary.ts'
import { hasMessageFilter, type ParsedCloneArgs } from './clone-options.ts'
import { messageEmbeddingText } from './embedding-text.ts'
import { indexesVectors, type ResolvedMemoryOptions } from './memory-options.ts'
import type { DerivedMemoryMode } from './branch-options.ts'
import { cutObservationalMemory } from './observational-memory-cutoff.ts'
import { type MessagePosition, observationRangeIds } from './remap-observational-memory.ts'

// Everything cloneThread decides, computed from reads only: previewClone shows
// it, cloneThread executes it. Both run it inside one REPEATABLE READ
// transaction, so what is planned is exactly what is copied.

/** What planning reads and writes through: the transaction's storage and vectors. */
export type CloneContext = {
  storage: MemoryStorage
  vector: VectorStore | null
  options: ResolvedMemoryOptions
  embedder: Embedder | null
}

export type WorkingMemoryPlan = { action: 'copy'; text: string; target: WorkingMemoryKey & { resourceId: string } } | { action: 'share' } | { action: 'none' }

export type ObservationalMemoryPlan =
  | {
      action: 'clone'
      record: ObservationalMemoryRecord
      /** the cloned source messages and the positions of other source messages its ranges end on */
      cloned: MessagePosition[]
      sourcePositions: Map<string, MessagePosition>
    }
  | { action: 'share' }
  | { action: 'none' }

export type VectorPlan = {
  model: string
  /** source messages that have a vector of `model`: copied in SQL */
  copyIds: string[]
  /** source messages without one (and with text to embed): computed */
  embed: { sourceId: string; text: string }[]
}

/**
 * The source messages to clone, in (createdAt, id) order, or 'all': every
 * message of the source, selected by the database itself (a full clone that
 * needs no ids in Node: nothing to remap, no vectors), so a 100k-message fork
 * never travels through Node.
 */
export type CloneSelection = MessagePosition[] | 'all'

export type ClonePlan<Selection extends CloneSelection = CloneSelection> = {
  source: StoredThread
  newThreadId: string
  resourceId: string
  title: string
  /** the source's metadata with the caller's merged over it (decision 1); `clone` is added when executed */
  metadata: Record<string, unknown>
  lastMessageId: string | undefined
  selection: Selection
  warnings: CloneWarning[]
  workingMemory: WorkingMemoryPlan
  observationalMemory: ObservationalMemoryPlan
  /** null when semantic recall is off */
  vectors: VectorPlan | null
}

/** A clone's default title: the source's after this ('' stays ''). */
export const CLONE_TITLE_PREFIX = 'Clone of '

/**
 * A thread as the caller may know it: null when it does not exist or lives in
 * a resource outside `sourceResourceIds`. The source and a taken newThreadId
 * alike: another tenant's thread answers exactly as a missing one (no oracle).
 * A clone into such an id still fails when it inserts the thread, with the
 * same ThreadAlreadyExistsError as for the caller's own (the namespace is global).
 */
async function visibleThread(storage: MemoryStorage, args: ParsedCloneArgs, threadId: string): Promise<StoredThread | null> {
  const thread = await storage.getThreadById(threadId)
  return thread === null || (args.sourceResourceIds !== null && !args.sourceResourceIds.includes(thread.resourceId)) ? null : thread
}

async function loadSource(storage: MemoryStorage, args: ParsedCloneArgs): Promise<{ source: StoredThread; newThreadId: string }> {
  const source = await visibleThread(storage, args, args.sourceThreadId)
  if (source === null) throw new ThreadNotFoundError(args.sourceThreadId)
  if (args.newThreadId !== undefined && (await visibleThread(storage, args, args.newThreadId)) !== null) {
    throw new ThreadAlreadyExistsError(args.newThreadId)
  }
  return { source, newThreadId: args.newThreadId ?? randomUUID() }
}

/** The filtered messages (decision 3), after checking that every requested id is in the source. */
async function selectMessages(storage: MemoryStorage, source: StoredThread, args: ParsedCloneArgs) {
  const { messageIds } = args.filter
  if (messageIds !== undefined) {
    const found = new Set((await storage.listMessageIds({ threadId: source.id, messageIds })).map((row) => row.id))
    const unknown = messageIds.filter((id) => !found.has(id))
    if (unknown.length > 0) {
      throw new InvalidCloneOptionsError(
        'options.messageFilter.messageIds',
        `not in source thread "${source.id}": ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', ...' : ''}`,
      )
    }
  }
  return storage.listMessageIds({ threadId: source.id, ...args.filter })
}

const EMPTY_SELECTION_WARNING: CloneWarning = { code: 'empty-selection', message: 'No message matches the selection: the clone will be empty.' }

/** The final selection: boundary rules need the thread's structure; a selection that cuts nothing needs none. */
async function applyBoundary(
  storage: MemoryStorage,
  source: StoredThread,
  args: ParsedCloneArgs,
  rows: MessagePosition[],
  mode: 'clone' | 'preview',
): Promise<{ selection: MessagePosition[]; warnings: CloneWarning[] }> {
  const analyse = hasMessageFilter(args.filter) && (args.boundary !== 'exact' || mode === 'preview')
  if (!analyse) {
    return { selection: rows, warnings: rows.length === 0 ? [EMPTY_SELECTION_WARNING] : [] }
  }
  const structure = await storage.listMessageStructure({ threadId: source.id })
  const { ids, warnings } = applyCloneBoundary(structure, new Set(rows.map((row) => row.id)), args.boundary)
  const chosen = new Set(ids)
  return { selection: structure.filter((message) => chosen.has(message.id)).map(({ id, createdAt }) => ({ id, createdAt })), warnings }
}

/**
 * Which state of the source's THREAD-scoped memory the clone derives (derivedMemory):
 * 'current', none ('empty', or 'as-of-branch-point' with nothing cloned), or as of a date.
 */
export type MemoryCutoff = { mode: 'current' } | { mode: 'none' } | { mode: 'as-of'; asOf: Date; last: MessagePosition }

function memoryCutoff(mode: DerivedMemoryMode, lastCloned: MessagePosition | undefined): MemoryCutoff {
  if (mode === 'current') return { mode: 'current' }
  if (mode === 'empty' || lastCloned === undefined) return { mode: 'none' }
  return { mode: 'as-of', asOf: lastCloned.createdAt, last: lastCloned }
}

async function planWorkingMemory(
  context: CloneContext,
  source: StoredThread,
  newThreadId: string,
  resourceId: string,
  warnings: CloneWarning[],
  cutoff: MemoryCutoff,
): Promise<WorkingMemoryPlan> {
  const { enabled, scope } = context.options.workingMemory
  if (!enabled) return { action: 'none' }
  if (scope === 'thread') {
    const key = { scope: 'thread', threadId: source.id } as const
    if (cutoff.mode === 'none') return { action: 'none' }
    const text = cutoff.mode === 'current' ? await context.storage.getWorkingMemory(key) : await context.storage.getWorkingMemoryAsOf(key, cutoff.asOf)
    return text === null ? { action: 'none' } : { action: 'copy', text, target: { scope: 'thread', threadId: newThreadId, resourceId } }
  }
  if (resourceId === source.resourceId) return { action: 'share' }
  const text = await context.storage.getWorkingMemory({ scope: 'resource', resourceId: source.resourceId })
  if (text === null) return { action: 'none' }
  // Never overwrite what another resource already knows about itself.
  if ((await context.storage.getWorkingMemory({ scope: 'resource', resourceId })) !== null) {
    warnings.push({
      code: 'working-memory-kept',
      message: `Resource "${resourceId}" already has working memory: it is kept, the source's is not copied.`,
    })
    return { action: 'none' }
  }
  return { action: 'copy', text, target: { scope: 'resource', resourceId } }
}

/** The OM record to clone, or why there is none (share / none). */
async function observationalMemoryToClone(
  context: CloneContext,
  source: StoredThread,
  resourceId: string,
  warnings: CloneWarning[],
  derivedMemory: DerivedMemoryMode,
): Promise<{ action: 'clone'; record: ObservationalMemoryRecord } | { action: 'share' } | { action: 'none' }> {
  const { enabled, scope } = context.options.observationalMemory
  if (!enabled) return { action: 'none' }
  if (scope === 'thread' && derivedMemory === 'empty') return { action: 'none' }
  if (scope === 'resource' && resourceId === source.resourceId) return { action: 'share' }
  const record = await context.storage.getObservationalMemory(scope === 'thread' ? { scope, threadId: source.id } : { scope, resourceId: source.resourceId })
  if (record === null) return { action: 'none' }
  if (scope === 'resource' && (await context.storage.getObservationalMemory({ scope, resourceId })) !== null) {
    warnings.push({
      code: 'observational-memory-kept',
      message: `Resource "${resourceId}" already has observational memory: it is kept, the source's is not cloned.`,
    })
    return { action: 'none' }
  }
  return { action: 'clone', record }
}

/**
 * derivedMemory 'as-of-branch-point': the thread-scoped generation current at
 * the last cloned message, cut to the source's messages up to it (the remap
 * then maps what is cloned). 'current': the record as it is.
 */
async function observationalMemoryAt(
  storage: MemoryStorage,
  source: StoredThread,
  record: ObservationalMemoryRecord,
  cutoff: MemoryCutoff,
): Promise<ObservationalMemoryRecord | null> {
  if (record.scope !== 'thread' || cutoff.mode === 'current') return record
  if (cutoff.mode === 'none') return null
  const asOf = await storage.getObservationalMemoryAsOf({ scope: 'thread', threadId: source.id }, cutoff.asOf)
  if (asOf === null) return null
  // the source's history: its own messages and, for a branch, the inherited ones
  const positions = async (ids: string[]) =>
    new Map(
      (await storage.listMessageIds({ threadId: source.id, messageIds: ids })).map((message) => [message.id, { id: message.id, createdAt: message.createdAt }]),
    )
  const atOrBefore = (position: MessagePosition) =>
    position.createdAt.getTime() < cutoff.asOf.getTime() || (position.createdAt.getTime() === cutoff.asOf.getTime() && position.id <= cutoff.last.id)
  const visible = async (ids: string[]) => new Set([...(await positions(ids)).values()].filter(atOrBefore).map((position) => position.id))
  return cutObservationalMemory(asOf, visible, positions, cutoff.asOf)
}

/** Positions of the source messages that the record's ranges end on but that are not cloned. */
async function rangeEndPositions(
  storage: MemoryStorage,
  source: StoredThread,
  record: ObservationalMemoryRecord,
  selection: MessagePosition[],
): Promise<Map<string, MessagePosition>> {
  const selected = new Set(selection.map((message) => message.id))
  const texts = [record.activeObservations, ...record.bufferedObservationChunks.map((chunk) => chunk.observations)]
  const uncloned = [...new Set(texts.flatMap(observationRangeIds))].filter((id) => !selected.has(id))
  const ends = uncloned.length === 0 ? [] : await storage.getMessagesByIds(uncloned)
  return new Map(ends.filter((message) => message.threadId === source.id).map((message) => [message.id, { id: message.id, createdAt: message.createdAt }]))
}

/** Decision 7: copy the vectors the same model made, compute the rest. */
async function planVectors(context: CloneContext, selection: MessagePosition[]): Promise<VectorPlan | null> {
  if (!indexesVectors(context.options)) return null
  const vector = requireVectorStore(context)
  const model = requireEmbedder(context).id
  const ids = selection.map((message) => message.id)
  const withVector = new Set(ids.length === 0 ? [] : await vector.listVectorMessageIds(ids, model))
  const missing = ids.filter((id) => !withVector.has(id))
  const messages = missing.length === 0 ? [] : await context.storage.getMessagesByIds(missing)
  const embed = messages.map((message) => ({ sourceId: message.id, text: messageEmbeddingText(message) })).filter((target) => target.text !== '')
  return { model, copyIds: ids.filter((id) => withVector.has(id)), embed }
}

/** The embedder semantic recall uses; Memory's constructor guarantees one while semantic recall is on. */
export function requireEmbedder(context: { embedder: Embedder | null }): Embedder {
  if (context.embedder === null) throw new EmbedderRequiredError()
  return context.embedder
}

export function requireVectorStore(context: Pick<CloneContext, 'vector'>): VectorStore {
  if (context.vector === null) throw new InvalidInputError('vector', 'semantic recall needs a vector store')
  return context.vector
}

/**
 * Reads and validates everything a clone needs; writes nothing. A selection of
 * the whole source is 'all' (no id list in Node): a clone copies it in SQL, a
 * preview counts and pages it in SQL (previewClone), so a 50k-message preview
 * costs what a small one does. Only in a preview can an 'all' plan have
 * observational memory to clone: it reports the action, the clone remaps it.
 */
export async function planClone(context: CloneContext, args: ParsedCloneArgs, mode: 'clone' | 'preview'): Promise<ClonePlan> {
  const { storage } = context
  const { source, newThreadId } = await loadSource(storage, args)
  const resourceId = args.resourceId ?? source.resourceId
  const workingMemoryWarnings: CloneWarning[] = []
  const observationalMemoryWarnings: CloneWarning[] = []
  const base = {
    source,
    newThreadId,
    resourceId,
    title: args.title ?? (source.title === '' ? '' : `${CLONE_TITLE_PREFIX}${source.title}`),
    metadata: withoutBranchMetadata({ ...source.metadata, ...args.metadata }),
  }
  const planMemory = (lastCloned: MessagePosition | undefined) =>
    planWorkingMemory(context, source, newThreadId, resourceId, workingMemoryWarnings, memoryCutoff(args.derivedMemory, lastCloned))
  const observationalMemory = await observationalMemoryToClone(context, source, resourceId, observationalMemoryWarnings, args.derivedMemory)
  const filtered = hasMessageFilter(args.filter)

  if (!filtered && (mode === 'preview' || (observationalMemory.action !== 'clone' && !indexesVectors(context.options)))) {
    const last = (await storage.listMessageIds({ threadId: source.id, last: 1 }))[0]
    const workingMemory = await planMemory(last)
    const warnings = [...workingMemoryWarnings, ...observationalMemoryWarnings]
    if (last === undefined) warnings.unshift(EMPTY_SELECTION_WARNING)
    const record =
      observationalMemory.action === 'clone'
        ? await observationalMemoryAt(storage, source, observationalMemory.record, memoryCutoff(args.derivedMemory, last))
        : null
    return {
      ...base,
      workingMemory,
      lastMessageId: last?.id,
      selection: 'all',
      warnings,
      observationalMemory:
        observationalMemory.action !== 'clone'
          ? observationalMemory
          : record === null
            ? { action: 'none' }
            : { action: 'clone', record, cloned: [], sourcePositions: new Map() },
      vectors: null,
    }
  }

  const rows = await selectMessages(storage, source, args)
  const lastMessageId = filtered ? (await storage.listMessageIds({ threadId: source.id, last: 1 }))[0]?.id : rows.at(-1)?.id
  const { selection, warnings } = await applyBoundary(storage, source, args, rows, mode)
  const workingMemory = await planMemory(selection.at(-1))
  const record =
    observationalMemory.action === 'clone'
      ? await observationalMemoryAt(storage, source, observationalMemory.record, memoryCutoff(args.derivedMemory, selection.at(-1)))
      : null
  return {
    ...base,
    workingMemory,
    lastMessageId,
    selection,
    warnings: [...warnings, ...workingMemoryWarnings, ...observationalMemoryWarnings],
    observationalMemory:
      observationalMemory.action !== 'clone'
        ? observationalMemory
        : record === null
          ? { action: 'none' }
          : { action: 'clone', record, cloned: selection, sourcePositions: await rangeEndPositions(storage, source, record, selection) },
    vectors: await planVectors(context, selection),
  }
}

/** A clone of a branch is not a branch: its lineage is written by cloneThread, never taken from the source's metadata. */
function withoutBranchMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const { branch: _branch, ...rest } = metadata
  return rest
}
