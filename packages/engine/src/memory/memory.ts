import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { resolveEmbedder } from '../embedders/resolve-embedder.ts'
import type { Embedder, EmbeddingModelInput } from '../embedders/types.ts'
import { EmbedderRequiredError } from '../errors/embedder-errors.ts'
import type { EnqueueIndexJob } from '../indexing/types.ts'
import { InvalidInputError, MessageNotFoundError, ThreadNotFoundError } from '../errors/index.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { RepairOutsideThread } from '../storage/branch-operations.ts'
import type { MemoryStorage, ObservationalMemoryRecord, StoredThread, VectorStore } from '../storage/types.ts'
import { checkMessageThreads } from './check-message-threads.ts'
import { type CloneMetadata, getCloneMetadata, isClone } from './clone-metadata.ts'
import { isBranch, withLineageDates } from './branch-metadata.ts'
import {
  branchThreadArgsSchema,
  type BranchThreadArgs,
  deleteMessagesInputSchema,
  type DeleteMessagesInput,
  type DeleteThreadCallOptions,
  deleteThreadOptionsSchema,
  type ParsedBranchThreadArgs,
} from './branch-options.ts'
import { branchThread, type BranchThreadResult } from './branch-thread.ts'
import { type LineageEntry, toLineageEntry } from './lineage.ts'
import { cloneWholeThreadAtOnce } from './clone-at-once.ts'
import { type BranchCallOptions, branchCallOptionsSchema, insertAuditOfThread } from './audit-record.ts'
import { type CloneCallOptions, type ClonePreviewPageInput, type CloneThreadArgs, clonePreviewPageSchema, parseCloneArgs } from './clone-options.ts'
import { type CloneContext, planClone, requireEmbedder, requireVectorStore } from './clone-plan.ts'
import { type ClonePreview, summarizeClonePlan } from './clone-preview.ts'
import { type CloneThreadResult, executeClonePlan } from './clone-thread.ts'
import { messageEmbeddingText } from './embedding-text.ts'
import {
  createThreadInputSchema,
  idSchema,
  getMessageInputSchema,
  lineageTreeOptionsSchema,
  listMessagesInputSchema,
  messagePositionsInputSchema,
  listThreadsInputSchema,
  memoryScopeInputSchema,
  type ParsedCreateThreadInput,
  type ParsedUpdateThreadInput,
  recallInputSchema,
  saveObservationalMemoryInputSchema,
  searchMessagesInputSchema,
  threadIdInputSchema,
  updateThreadInputSchema,
  updateWorkingMemoryInputSchema,
} from './input-schemas.ts'
import { indexesVectors, type MemoryOptions, memoryOptionsSchema, type RecallMode, type ResolvedMemoryOptions, resolveMemoryOptions } from './memory-options.ts'
import { asStoredMessage, type ParsedSaveMessagesInput, saveMessagesInputSchema } from '../messages/schema.ts'
import { type UpdateMessageInput, updateMessageInputSchema, type VersionedMessage } from './message-edit.ts'
import { buildLineageTree, type LineageTree, type LineageTreeOptions } from './lineage-tree.ts'
import { type MemoryKey, type MemoryTarget, resolveMemoryKey } from './memory-key.ts'
import { type ResourceScopeInput, resourceScope } from './resource-scope.ts'
import { ScopedMemory } from './scoped-memory.ts'
import { initialObservationalMemory, reflectedObservationalMemory } from './observational-memory.ts'
import { givenFields } from '../validation/given-fields.ts'
import { parseInput } from '../validation/parse-input.ts'
import { findMatches, mergeMessages, type RecallResult, recallMatches } from './recall.ts'
import { describeHits, type RecallHit } from './recall-hits.ts'
import { embeddingTargetOf, indexEmbeddings } from './semantic-index.ts'
import {
  type DiffThreadsOptions,
  diffThreadsInputSchema,
  promoteBranchArgsSchema,
  saveRepairedMessagesInputSchema,
} from './branches/branch-operation-schemas.ts'
import { diffThreads, type ThreadDiff } from './branches/diff-threads.ts'
import { materializeBranchesInTransaction, type MaterializeBranchResult } from './branches/materialize-branch.ts'
import type { BranchOperationContext } from './branches/operation-context.ts'
import { promoteBranchInTransaction, type PromoteBranchArgs, type PromoteBranchResult } from './branches/promote-branch.ts'
import { splitRepairedMessages } from './branches/repaired-messages.ts'
import { threadRedirectOf, type ResolvedThread } from './thread-redirect.ts'

export type MemoryConfig = {
  storage: MemoryStorage
  /** needed for semantic recall */
  vector?: VectorStore | null
  /** an AI SDK embedding model or an Embedder; required for semantic recall (there is no default) */
  embedder?: EmbeddingModelInput
  options?: MemoryOptions
  /**
   * Where saved messages go to be embedded: with it, saveMessages enqueues one
   * job per thread after its transaction commits (a background worker embeds
   * them) instead of embedding inside the call. Without it: in the call.
   */
  indexQueue?: IndexQueue | null
}

/** The part of the job store saving needs. */
export type IndexQueue = { enqueue(job: EnqueueIndexJob): Promise<unknown> }

const memoryConfigSchema = z.object({
  storage: z.custom<MemoryStorage>((value) => typeof value === 'object' && value !== null && 'transaction' in value, {
    error: 'must be a MemoryStorage',
  }),
  vector: z
    .custom<VectorStore>((value) => typeof value === 'object' && value !== null && 'queryVectors' in value, {
      error: 'must be a VectorStore',
    })
    .nullish(),
  embedder: z
    .custom<EmbeddingModelInput>((value) => typeof value === 'object' && value !== null && ('doEmbed' in value || 'embed' in value), {
      error: 'must be an AI SDK embedding model or an Embedder',
    })
    .optional(),
  options: memoryOptionsSchema.optional(),
  indexQueue: z.custom<IndexQueue>((value) => typeof value === 'object' && value !== null && 'enqueue' in value, { error: 'must have enqueue()' }).nullish(),
})

export type ListThreadsPage = { threads: StoredThread[]; total: number; page: number; perPage: number; hasMore: boolean }

/** The stored working memory of a scope (null when none: the template is not applied) and where it is stored. */
export type WorkingMemoryEntry = { key: MemoryKey; workingMemory: string | null }

/** Every observational-memory generation of a scope, oldest first, and where they are stored. */
export type ObservationalMemoryHistory = { key: MemoryKey; generations: ObservationalMemoryRecord[] }

/** How many of a thread's messages have a vector from this Memory's embedder. */
export type EmbeddingStatus = { model: string; vectorsAvailable: boolean; messages: number; withVector: number }

export type SaveMessagesCallOptions = {
  /** refuse (MessageAlreadyExistsError) an id that already belongs to another thread, instead of moving the message */
  sameThreadOnly?: boolean
  /**
   * Whether the caller may write to this thread (its tenant scope): checked on
   * the threads as the save locks them; false -> ThreadNotFoundError, as
   * for an unknown thread (so a caller never learns another tenant's thread exists).
   */
  threadVisible?: (thread: StoredThread) => boolean
}

/**
 * Memory's trusted path: operations taking input an engine schema already
 * parsed. Those schemas brand their output, so only parsing makes such a
 * value: a caller that parsed at its edge (the API's procedures, whose input
 * schemas are these) hands it over and nothing is validated twice.
 */
export type ParsedMemory = {
  saveMessages(input: ParsedSaveMessagesInput, callOptions?: SaveMessagesCallOptions): Promise<StoredMessage[]>
  createThread(input: ParsedCreateThreadInput): Promise<StoredThread>
  updateThread(input: ParsedUpdateThreadInput): Promise<StoredThread>
  /** `callOptions` as parsed by branchCallOptionsSchema */
  branchThread(args: ParsedBranchThreadArgs, callOptions?: BranchCallOptions): Promise<BranchThreadResult>
}

/** A search's hits (best first) and how they were found. */
export type MessageSearch = { mode: RecallMode; results: RecallHit[] }

type Transaction = { storage: MemoryStorage; vector: VectorStore | null }

/** matches a resource search returns when neither the call nor the options say */
const DEFAULT_SEARCH_TOP_K = 10

/**
 * Conversation memory: threads, messages, recall (last messages + semantic
 * recall), working memory, observational memory and thread cloning, over a
 * MemoryStorage (and a VectorStore for semantic recall).
 */
export class Memory {
  readonly storage: MemoryStorage
  readonly vector: VectorStore | null
  /** null when none was given (then semantic recall is off) */
  readonly embedder: Embedder | null
  readonly options: ResolvedMemoryOptions
  /** null: saved messages are embedded inside saveMessages */
  readonly indexQueue: IndexQueue | null
  /** the trusted path: these operations on input already parsed by their engine schema (ParsedMemory) */
  readonly parsed: ParsedMemory = {
    saveMessages: (input, callOptions = {}) => this.saveParsedMessages(input.messages, callOptions),
    createThread: async ({ threadId, resourceId, title, metadata }) =>
      withLineageDates(await this.storage.createThread({ id: threadId ?? randomUUID(), resourceId, title: title ?? '', metadata: metadata ?? {} })),
    updateThread: async ({ threadId, title, metadata }) =>
      withLineageDates(
        await this.storage.updateThread(threadId, { ...(title === undefined ? {} : { title }), ...(metadata === undefined ? {} : { metadata }) }),
      ),
    branchThread: (args, callOptions) =>
      this.storage.transaction(async (tx) => {
        const result = await branchThread(tx, args, new Date())
        await insertAuditOfThread(tx.storage, callOptions?.audit ?? null, result.thread, { inheritedMessages: result.inheritedMessageCount })
        return result
      }),
  }

  constructor(config: MemoryConfig) {
    const parsed = parseInput(memoryConfigSchema, config)
    this.indexQueue = parsed.indexQueue ?? null
    this.storage = parsed.storage
    this.vector = parsed.vector ?? null
    this.embedder = parsed.embedder === undefined ? null : resolveEmbedder(parsed.embedder)
    this.options = resolveMemoryOptions(parsed.options ?? {}, this.embedder !== null)
    // recall without an embedder is full-text alone (mode 'text'); only a vector mode asked for needs one
    if (indexesVectors(this.options) && this.embedder === null) throw new EmbedderRequiredError()
    if (indexesVectors(this.options) && this.vector === null) {
      throw new InvalidInputError('vector', 'semantic recall needs a vector store')
    }
  }

  /**
   * This Memory seen by a caller that may touch only `resources` (its tenant
   * scope; 'all': every one): a thread outside them is unknown
   * (ThreadNotFoundError, as for a missing one), a resource outside them is
   * ResourceOutOfScopeError, listings show only what is inside.
   */
  scopedTo(resources: ResourceScopeInput): ScopedMemory {
    return new ScopedMemory(this, resourceScope(resources))
  }

  // ---- threads

  async createThread(input: z.input<typeof createThreadInputSchema>): Promise<StoredThread> {
    return this.parsed.createThread(parseInput(createThreadInputSchema, input))
  }

  async getThreadById(input: { threadId: string }): Promise<StoredThread | null> {
    const { threadId } = parseInput(threadIdInputSchema, input)
    const thread = await this.storage.getThreadById(threadId)
    return thread === null ? null : withLineageDates(thread)
  }

  /**
   * The thread of an id, following a redirect when the id's thread is gone but
   * its history lives on (a promoted branch: its source); null when neither.
   */
  async resolveThread(input: { threadId: string }): Promise<ResolvedThread | null> {
    const thread = await this.getThreadById(input)
    if (thread !== null) return { thread, redirectedFrom: null }
    const redirect = await this.storage.getThreadRedirect(input.threadId)
    if (redirect === null) return null
    const target = await this.getThreadById({ threadId: redirect.toThreadId })
    return target === null ? null : { thread: target, redirectedFrom: threadRedirectOf(redirect) }
  }

  /** The threads of these ids that exist, in one query (unknown ids are left out). */
  async getThreadsByIds(threadIds: string[]): Promise<StoredThread[]> {
    if (threadIds.length === 0) return []
    return (await this.storage.getThreadsByIds([...new Set(threadIds)])).map(withLineageDates)
  }

  /** Changes a thread's title and/or metadata (its clone/branch lineage metadata is kept); ThreadNotFoundError when unknown. */
  async updateThread(input: z.input<typeof updateThreadInputSchema>): Promise<StoredThread> {
    return this.parsed.updateThread(parseInput(updateThreadInputSchema, input))
  }

  /** A page (0-based) of threads, most recently updated first. */
  async listThreads(input: { resourceId?: string; page?: number; perPage?: number; titleContains?: string } = {}): Promise<ListThreadsPage> {
    const { resourceId, titleContains, page, perPage } = parseInput(listThreadsInputSchema, input)
    const { threads, total } = await this.storage.listThreads({
      ...(resourceId === undefined ? {} : { resourceId }),
      ...(titleContains === undefined ? {} : { titleContains }),
      limit: perPage,
      offset: page * perPage,
      orderBy: 'updatedAt',
    })
    return { threads: threads.map(withLineageDates), total, page, perPage, hasMore: (page + 1) * perPage < total }
  }

  /**
   * Deletes the thread with its messages, vectors and thread-scoped memory, in
   * one transaction. Its clones keep their lineage. A thread with branches:
   * ThreadHasBranchesError unless `branches: 'materialize'` (they become
   * independent first) or `branches: 'delete'` (the whole branch subtree goes).
   */
  async deleteThread(threadId: string, options: DeleteThreadCallOptions = {}): Promise<void> {
    const id = parseInput(idSchema, threadId, { root: 'threadId' })
    const { branches } = parseInput(deleteThreadOptionsSchema, options, { root: 'options' })
    await this.storage.transaction(async (tx) => {
      if ((await tx.storage.getThreadById(id)) === null) throw new ThreadNotFoundError(id)
      if (branches === 'materialize') {
        // every direct branch at once (deeper ones are re-pointed at their copies), override copies embedded again
        const direct = await tx.storage.listBranches(id)
        await materializeBranchesInTransaction(
          this.branchContext(tx),
          direct.map((branch) => branch.id),
          new Date(),
        )
      }
      await tx.storage.deleteThread(id, branches === 'delete' ? { branches: 'delete' } : {})
    })
  }

  // ---- messages

  /**
   * Inserts messages or replaces them by id (persisting a repaired history), in
   * one transaction; with semantic recall on, embeds the new and changed ones
   * (in the same call). `sameThreadOnly`: an id that already belongs to another
   * thread is refused (MessageAlreadyExistsError) instead of moved there.
   */
  async saveMessages(input: { messages: StoredMessage[] }, callOptions: SaveMessagesCallOptions = {}): Promise<StoredMessage[]> {
    return this.saveParsedMessages(parseInput(saveMessagesInputSchema, input).messages, callOptions)
  }

  /** saveMessages after parsing (both paths). */
  private async saveParsedMessages(messages: StoredMessage[], callOptions: SaveMessagesCallOptions): Promise<StoredMessage[]> {
    if (messages.length === 0) return []
    const seen = new Set<string>()
    const duplicate = messages.find(({ id }) => seen.size === seen.add(id).size)
    if (duplicate !== undefined) throw new InvalidInputError('messages', `message id "${duplicate.id}" appears twice`)

    const toEmbed = await this.storage.transaction(async (tx) => {
      const changed = await this.messagesToEmbed(tx, messages)
      // the storage refuses an id of another thread (sameThreadOnly) in the statement that writes; the
      // threads are checked as the storage locks them, before it writes (one statement for both)
      await tx.storage.upsertMessages(messages, {
        sameThreadOnly: callOptions.sameThreadOnly ?? false,
        checkThreads: (threads) => checkMessageThreads(threads, messages, callOptions.threadVisible),
      })
      await this.embedNow(tx, changed)
      return changed
    })
    await this.enqueueIndexing(toEmbed)
    return messages
  }

  /**
   * Deletes messages (with their vectors) in one transaction; returns how many.
   * With `threadId` they must be that thread's own: an inherited one ->
   * InheritedMessageError. A message some branch inherits ->
   * MessageSharedByBranchesError (materialize the branches first).
   */
  async deleteMessages(input: DeleteMessagesInput): Promise<number> {
    const { messageIds, threadId } = parseInput(deleteMessagesInputSchema, input)
    return this.storage.deleteMessages({ messageIds: [...new Set(messageIds)], ...(threadId === undefined ? {} : { threadId }) })
  }

  /**
   * Replaces one message's content when `expectedVersion` is still its version
   * (MessageVersionConflictError otherwise; the branch guards as deleteMessages);
   * returns it with its new version. With vectors, the message is re-embedded
   * as a save of changed text is: in the transaction, or by an index job queued
   * once it is committed.
   */
  async updateMessage(input: UpdateMessageInput): Promise<VersionedMessage> {
    const edit = parseInput(updateMessageInputSchema, input)
    const updated = await this.storage.transaction(async (tx) => {
      const versioned = await tx.storage.updateMessageContent(edit)
      await this.embedNow(tx, indexesVectors(this.options) ? [versioned.message] : [])
      return versioned
    })
    if (indexesVectors(this.options)) await this.enqueueIndexing([updated.message])
    return updated
  }

  /** One message of the thread's effective history with its version; MessageNotFoundError (field messageId) when it is not there. */
  async getMessage(input: { threadId: string; messageId: string }): Promise<VersionedMessage> {
    const { threadId, messageId } = parseInput(getMessageInputSchema, input)
    const [message] = await this.storage.listMessages({ threadId, messageIds: [messageId] })
    const [version] = await this.storage.getMessageVersions([messageId])
    if (message === undefined || version === undefined) throw new MessageNotFoundError([messageId], { field: 'messageId' })
    return { message, version: version.version }
  }

  /**
   * A thread's messages (its effective history: for a branch, the inherited
   * ones up to its cutoff, then its own) in (createdAt, id) order within each
   * level: its last `last` ones, or a page of `limit` from `offset`, or all; [] for an unknown thread.
   */
  async listMessages(input: {
    threadId: string
    last?: number
    limit?: number
    offset?: number
    after?: { createdAt: Date | string | number; id: string }
    before?: { createdAt: Date | string | number; id: string }
    messageIds?: string[]
  }): Promise<StoredMessage[]> {
    const { threadId, last, limit, offset, after, before, messageIds } = parseInput(listMessagesInputSchema, input)
    return this.storage.listMessages({
      threadId,
      ...(messageIds === undefined ? {} : { messageIds }),
      ...(after === undefined ? {} : { after }),
      ...(before === undefined ? {} : { before }),
      ...(last === undefined ? {} : { last }),
      ...(limit === undefined ? {} : { limit }),
      ...(offset === undefined ? {} : { offset }),
    })
  }

  /** The 1-based place of each given message in the thread's effective history; ids not in it are left out. */
  async messagePositions(input: { threadId: string; messageIds: string[] }): Promise<Map<string, number>> {
    const { threadId, messageIds } = parseInput(messagePositionsInputSchema, input)
    if (messageIds.length === 0) return new Map()
    return this.storage.messagePositions({ threadId, messageIds: [...new Set(messageIds)] })
  }

  /** How many messages a thread's effective history has (0 for an unknown thread). */
  async countMessages(input: { threadId: string }): Promise<number> {
    return this.storage.countMessages(parseInput(threadIdInputSchema, input).threadId)
  }

  /**
   * The last `lastMessages` messages plus, with semantic recall on and a
   * `vectorSearchString`, the best matches with `messageRange` neighbours,
   * de-duplicated, in (createdAt, id) order. `mode` (default: the options',
   * 'hybrid' with an embedder, else 'text') picks the full-text arm, the vector
   * arm or both fused; the result says which ran.
   */
  async recall(input: {
    threadId: string
    resourceId?: string
    vectorSearchString?: string
    topK?: number
    lastMessages?: number | false
    mode?: RecallMode
    /** search the thread's effective history or its whole resource; default: the options' scope */
    scope?: 'thread' | 'resource'
  }): Promise<RecallResult> {
    const args = parseInput(recallInputSchema, input)
    const last = args.lastMessages === undefined ? this.options.lastMessages : args.lastMessages || 0
    const recent = last > 0 ? await this.storage.listMessages({ threadId: args.threadId, last }) : []
    const config = this.options.semanticRecall
    const query = args.vectorSearchString?.trim() ?? ''
    if (config === null || query === '') {
      // Messages prove the thread exists: the lookup (a third of a last-N recall, bench/recall.ts) is only
      // needed to tell an empty thread from an unknown one.
      if (recent.length === 0) await this.requireThread(this.storage, args.threadId)
      return { messages: recent, matches: [], mode: null }
    }
    const thread = await this.requireThread(this.storage, args.threadId)
    const found = await recallMatches({
      storage: this.storage,
      vector: this.vector,
      embedder: this.embedder,
      config: args.scope === undefined ? config : { ...config, scope: args.scope },
      mode: args.mode ?? config.mode,
      thread,
      resourceId: args.resourceId ?? thread.resourceId,
      query,
      topK: args.topK ?? config.topK,
    })
    return { messages: mergeMessages(recent, found.messages), matches: found.matches, mode: found.mode }
  }

  /**
   * Search across every thread of a resource, or in one thread's effective
   * history: the hits, best first, each with its thread's title and its real
   * conversation neighbours, clones' copies of one message collapsed into one
   * hit (`alsoIn`), and the mode that found them (default: the recall options'
   * mode, or 'hybrid' with an embedder, else 'text').
   */
  async searchMessages(input: {
    resourceId?: string
    threadId?: string
    query: string
    topK?: number
    mode?: RecallMode
    messageRange?: number
  }): Promise<MessageSearch> {
    const { resourceId, threadId, query, topK, mode: asked, messageRange } = parseInput(searchMessagesInputSchema, input)
    const mode = asked ?? this.options.semanticRecall?.mode ?? (this.embedder === null ? 'text' : 'hybrid')
    if (threadId !== undefined) await this.requireThread(this.storage, threadId)
    const k = topK ?? this.options.semanticRecall?.topK ?? DEFAULT_SEARCH_TOP_K
    // a few more than asked, so copies collapsed into one hit still leave topK hits
    const matches = await findMatches({
      storage: this.storage,
      vector: this.vector,
      embedder: this.embedder,
      mode,
      query,
      topK: Math.min(1000, k * 2),
      scope: threadId === undefined ? { resourceId } : { threadId },
    })
    const range =
      messageRange === undefined ? (this.options.semanticRecall?.messageRange ?? { before: 1, after: 1 }) : { before: messageRange, after: messageRange }
    const hits = await describeHits(this.storage, matches, { ...range, ...(threadId === undefined ? {} : { threadId }) })
    return { mode, results: hits.slice(0, k) }
  }

  /** How many of the thread's messages have a vector from this Memory's embedder (one query); without a vector store, none. */
  async getEmbeddingStatus(input: { threadId: string }): Promise<EmbeddingStatus> {
    const { threadId } = parseInput(threadIdInputSchema, input)
    const model = requireEmbedder(this).id
    if (this.vector === null) return { model, vectorsAvailable: false, messages: await this.storage.countMessages(threadId), withVector: 0 }
    return { model, vectorsAvailable: true, ...(await this.vector.countThreadVectors({ threadId, model })) }
  }

  // ---- working memory

  /** The working memory of the configured scope, or the template while nothing is stored. */
  async getWorkingMemory(input: MemoryTarget): Promise<string | null> {
    return (await this.getWorkingMemoryEntry(input)).workingMemory ?? this.options.workingMemory.template
  }

  /** The stored working memory of the configured scope (null when none) with the key it is stored under. */
  async getWorkingMemoryEntry(input: MemoryTarget): Promise<WorkingMemoryEntry> {
    const key = await this.workingMemoryKey(parseInput(memoryScopeInputSchema, input))
    return { key, workingMemory: await this.storage.getWorkingMemory(key) }
  }

  async updateWorkingMemory(input: MemoryTarget & { workingMemory: string }): Promise<WorkingMemoryEntry> {
    const { workingMemory, ...scope } = parseInput(updateWorkingMemoryInputSchema, input)
    const key = await this.workingMemoryKey(scope)
    await this.storage.setWorkingMemory(key, workingMemory)
    return { key, workingMemory }
  }

  // ---- observational memory

  /** The current (highest) generation of the configured scope's OM, or null. */
  async getObservationalMemory(input: MemoryTarget): Promise<ObservationalMemoryRecord | null> {
    const { key } = await this.observationalMemoryOwner(this.storage, parseInput(memoryScopeInputSchema, input))
    return this.storage.getObservationalMemory(key)
  }

  async listObservationalMemoryGenerations(input: MemoryTarget): Promise<ObservationalMemoryRecord[]> {
    return (await this.getObservationalMemoryHistory(input)).generations
  }

  /** Every generation of the configured scope's OM, oldest first, with the key they are stored under. */
  async getObservationalMemoryHistory(input: MemoryTarget): Promise<ObservationalMemoryHistory> {
    const { key } = await this.observationalMemoryOwner(this.storage, parseInput(memoryScopeInputSchema, input))
    return { key, generations: await this.storage.listObservationalMemoryGenerations(key) }
  }

  /** Rewrites the current generation in place (creating generation 0 when there is none). */
  async saveObservationalMemory(input: MemoryTarget & { observationalMemory: Record<string, unknown> }): Promise<ObservationalMemoryRecord> {
    const { observationalMemory, ...scope } = parseInput(saveObservationalMemoryInputSchema, input)
    const fields = givenFields(observationalMemory)
    return this.storage.transaction(async (tx) => {
      const { key, owner } = await this.observationalMemoryOwner(tx.storage, scope)
      const current = await tx.storage.getObservationalMemory(key)
      return current === null
        ? tx.storage.insertObservationalMemory(initialObservationalMemory(owner, fields))
        : tx.storage.updateObservationalMemory(current.id, fields)
    })
  }

  /** Stores the result of a reflection as a NEW generation; older generations stay as history. */
  async reflect(input: MemoryTarget & { observationalMemory: Record<string, unknown> }): Promise<ObservationalMemoryRecord> {
    const { observationalMemory, ...scope } = parseInput(saveObservationalMemoryInputSchema, input)
    const fields = givenFields(observationalMemory)
    return this.storage.transaction(async (tx) => {
      const { key, owner } = await this.observationalMemoryOwner(tx.storage, scope)
      const current = await tx.storage.getObservationalMemory(key)
      return tx.storage.insertObservationalMemory(reflectedObservationalMemory(owner, current, fields))
    })
  }

  // ---- cloning

  /**
   * Clones a thread (docs/spec/clone-thread.md, docs/spec/data-model.md decisions) in ONE
   * REPEATABLE READ transaction (or one statement: clone-at-once.ts):
   * validated before any write, all or nothing. `returnMessages: false` (here
   * or in `options`) skips reading the messages back, `returnMessageIdMap:
   * false` building the id map (`clonedMessageCount` counts either way). `sourceResourceIds`: a
   * source outside them is ThreadNotFoundError (a caller's tenant scope).
   */
  async cloneThread(args: CloneThreadArgs, callOptions?: CloneCallOptions): Promise<CloneThreadResult> {
    const parsed = parseCloneArgs(args, callOptions)
    // the common clone (whole thread, nothing derived to carry): one statement (clone-at-once.ts)
    const atOnce = await cloneWholeThreadAtOnce(this.storage, this.options, parsed)
    if (atOnce !== null) return atOnce
    return this.storage.transaction(
      async (tx) => {
        const context = this.cloneContext(tx)
        const plan = await planClone(context, parsed, 'clone')
        const result = await executeClonePlan(context, plan, { returnMessages: parsed.returnMessages, returnMessageIdMap: parsed.returnMessageIdMap })
        await insertAuditOfThread(tx.storage, parsed.audit, result.thread, { messages: result.clonedMessageCount })
        return result
      },
      { isolationLevel: 'RepeatableRead' },
    )
  }

  /**
   * What cloneThread would do with these arguments, computed by the same planning code; writes nothing.
   * `page` pages the message ids (count, warnings and memory are the whole selection's): `limit` ids
   * after the (createdAt, id) position `after` (the previous page's `nextAfter`).
   * `sourceResourceIds`: the caller's resources, as for cloneThread (a taken newThreadId outside them previews as free).
   */
  async previewClone(
    args: CloneThreadArgs,
    page?: ClonePreviewPageInput,
    callOptions?: Pick<NonNullable<CloneCallOptions>, 'sourceResourceIds'>,
  ): Promise<ClonePreview> {
    const parsed = parseCloneArgs(args, callOptions)
    const parsedPage = parseInput(clonePreviewPageSchema, page ?? {}, { root: 'page' })
    return this.storage.transaction(
      async (tx) => {
        const context = this.cloneContext(tx)
        return summarizeClonePlan(context, await planClone(context, parsed, 'preview'), parsedPage)
      },
      // a preview writes nothing: on the embedded database a filtered preview of a
      // 50k-message thread must not hold the one session for seconds (issue 33)
      { isolationLevel: 'RepeatableRead', readOnly: true },
    )
  }

  getCloneMetadata(thread: Pick<StoredThread, 'metadata'>): CloneMetadata | null {
    return getCloneMetadata(thread)
  }

  /** false for null / undefined */
  isClone(thread: Pick<StoredThread, 'metadata' | 'sourceThreadId'> | null | undefined): boolean {
    return isClone(thread)
  }

  // ---- branches (docs/spec/branch-thread.md)

  /**
   * Forks a thread WITHOUT copying: one thread row that reads the source's
   * history up to and including `branchPointMessageId` (default: the source's
   * last message now), then its own messages. One transaction; `audit`: the
   * caller's entry, committed with the branch (its thread, resource and `details.inheritedMessages` added).
   */
  async branchThread(args: BranchThreadArgs, callOptions?: BranchCallOptions): Promise<BranchThreadResult> {
    return this.parsed.branchThread(parseInput(branchThreadArgsSchema, args), parseInput(branchCallOptionsSchema, callOptions, { root: 'options' }))
  }

  /** True for a branch (false for null / undefined). */
  isBranch(thread: (Pick<StoredThread, 'metadata'> & { branch?: StoredThread['branch'] | undefined }) | null | undefined): boolean {
    return isBranch(thread)
  }

  /** The direct branches of a thread, oldest first. */
  async listBranches(threadId: string): Promise<StoredThread[]> {
    const id = parseInput(idSchema, threadId, { root: 'threadId' })
    await this.requireThread(this.storage, id)
    return (await this.storage.listBranches(id)).map(withLineageDates)
  }

  /**
   * Where a thread comes from, clones and branches in one model: root first,
   * the thread last, each entry with its forkKind and fork point (one query).
   */
  async getLineage(threadId: string): Promise<LineageEntry[]> {
    const id = parseInput(idSchema, threadId, { root: 'threadId' })
    const lineage = await this.storage.getLineage(id)
    if (lineage.length === 0) throw new ThreadNotFoundError(id)
    return lineage.map((thread) => toLineageEntry(withLineageDates(thread)))
  }

  /** The thread a clone was made from; null when it is not a clone or its source was deleted. */
  async getSourceThread(threadId: string): Promise<StoredThread | null> {
    const thread = await this.requireThread(this.storage, parseInput(idSchema, threadId, { root: 'threadId' }))
    const sourceId = thread.sourceThreadId ?? getCloneMetadata(thread)?.sourceThreadId
    if (sourceId === undefined) return null
    const source = await this.storage.getThreadById(sourceId)
    return source === null ? null : withLineageDates(source)
  }

  /** The direct clones of a thread, across resources (the indexed lineage column). */
  async listClones(threadId: string): Promise<StoredThread[]> {
    const id = parseInput(idSchema, threadId, { root: 'threadId' })
    return (await this.storage.listClones(id)).map(withLineageDates)
  }

  /** The lineage of a thread, root first and the thread itself last (cycle-safe, one query). */
  async getCloneHistory(threadId: string): Promise<StoredThread[]> {
    const id = parseInput(idSchema, threadId, { root: 'threadId' })
    const ancestry = await this.storage.getThreadAncestry(id)
    if (ancestry.length === 0) throw new ThreadNotFoundError(id)
    return ancestry.map(withLineageDates)
  }

  /**
   * The clones of a thread, their clones, ... (one query), nearest generations
   * first; each one's `sourceThreadId` is its parent. `resourceIds`: walk only
   * through clones in these resources (a clone elsewhere is left out with its subtree).
   */
  async listDescendants(threadId: string, options: { resourceIds?: string[]; limit?: number } = {}): Promise<StoredThread[]> {
    const id = parseInput(idSchema, threadId, { root: 'threadId' })
    const { resourceIds } = parseInput(lineageTreeOptionsSchema, { resourceIds: options.resourceIds })
    await this.requireThread(this.storage, id)
    const descendants = await this.storage.listThreadDescendants({
      threadId: id,
      ...(resourceIds === undefined ? {} : { resourceIds }),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
    })
    return descendants.map(withLineageDates)
  }

  /**
   * Where a thread came from (ancestors, root first) and what was cloned or
   * branched from it (a tree, each node with its forkKind), showing only threads
   * in `resourceIds` when given; each fork's edge carries its fork point when it
   * has one. Three queries whatever the size.
   */
  async getLineageTree(threadId: string, options: LineageTreeOptions = {}): Promise<LineageTree> {
    const parsed = parseInput(lineageTreeOptionsSchema, options)
    // clones and branches in one model: a branch's parent, else a clone's source
    const history = (await this.getLineage(threadId)).map((entry) => entry.thread)
    return buildLineageTree(this.storage, history, parsed)
  }

  // ---- branch operations (docs/spec/branch-thread.md; choices in packages/engine/src/memory/README.md)

  /**
   * The branch becomes an independent thread (same id) owning copies of the
   * messages it inherited, nearest override applied, with their vectors;
   * branches below it that inherited through it now read its copies. One
   * transaction, bulk SQL. Not a branch -> NotABranchError.
   */
  async materializeBranch(threadId: string): Promise<MaterializeBranchResult> {
    const id = parseInput(idSchema, threadId, { root: 'threadId' })
    return this.storage.transaction(async (tx) => {
      const [result] = await materializeBranchesInTransaction(this.branchContext(tx), [id], new Date())
      if (result === undefined) throw new ThreadNotFoundError(id)
      return result
    })
  }

  /**
   * The source continues along the branch: the source's messages after the
   * branch point move to a NEW branch of the source (returned), the branch's
   * own messages become the source's, and the promoted branch's row is
   * removed. One transaction; no message is lost.
   */
  async promoteBranch(args: PromoteBranchArgs): Promise<PromoteBranchResult> {
    const { branchThreadId } = parseInput(promoteBranchArgsSchema, args)
    return this.storage.transaction(async (tx) => promoteBranchInTransaction(this.branchContext(tx), branchThreadId, new Date()))
  }

  /**
   * The common ancestor point of two threads' effective histories and what each
   * has that the other has not (SQL-side). `options` pages each side (at most
   * `limit` messages after `afterA` / `afterB`); without it, everything.
   */
  async diffThreads(threadIdA: string, threadIdB: string, options?: DiffThreadsOptions): Promise<ThreadDiff> {
    const input = parseInput(diffThreadsInputSchema, { threadIdA, threadIdB, ...(options === undefined ? {} : { options }) })
    return this.storage.transaction(async (tx) => diffThreads(tx.storage, input.threadIdA, input.threadIdB, input.options), {
      isolationLevel: 'RepeatableRead',
    })
  }

  /**
   * The processors' path for persisting repaired history on `threadId`: its
   * own messages are replaced as saveMessages does; messages it inherits get
   * a copy-on-write override of this thread (the ancestor and the sibling
   * branches are untouched), read instead of the inherited row from then on.
   * A message it neither owns nor inherits is refused, or with `outside:
   * 'skip'` left out (the Agent's choice: such a message, a recall hit from
   * another thread, is repaired in the outbound prompt only). Returns the
   * messages persisted.
   */
  async saveRepairedMessages(input: { threadId: string; messages: StoredMessage[]; outside?: RepairOutsideThread }): Promise<StoredMessage[]> {
    const parsed = parseInput(saveRepairedMessagesInputSchema, input)
    const skip = parsed.outside === 'skip'
    const messages = parsed.messages.map(asStoredMessage)
    if (messages.length === 0) return []
    const ids = messages.map((message) => message.id)
    const duplicate = ids.find((id, index) => ids.indexOf(id) !== index)
    if (duplicate !== undefined) throw new InvalidInputError('messages', `message id "${duplicate}" appears twice`)
    const saved = await this.storage.transaction(async (tx) => {
      const thread = await this.requireThread(tx.storage, parsed.threadId)
      const stranger = messages.findIndex((message) => message.resourceId !== thread.resourceId)
      if (stranger >= 0 && !skip)
        throw new InvalidInputError(`messages[${stranger}].resourceId`, `must be "${thread.resourceId}", the resource of thread "${thread.id}"`)
      // another resource's message is certainly outside the thread
      const candidates = skip ? messages.filter((message) => message.resourceId === thread.resourceId) : messages
      if (candidates.length === 0) return { persisted: [], toEmbed: [] }
      // only the thread's own rows change (and get new vectors; never skipped); an override keeps the inherited message's vector
      const toEmbed = await this.messagesToEmbed(tx, splitRepairedMessages(thread.id, candidates).own)
      const written = await tx.storage.saveRepairedMessages({ threadId: thread.id, messages: candidates, ...(skip ? { outside: 'skip' as const } : {}) })
      const persistedIds = new Set([...written.rewrittenMessageIds, ...written.overriddenMessageIds])
      await this.embedNow(tx, toEmbed)
      return { persisted: candidates.filter((message) => persistedIds.has(message.id)), toEmbed }
    })
    await this.enqueueIndexing(saved.toEmbed)
    return saved.persisted
  }

  // ---- internals

  /** Without an index queue: embeds the saved messages in the saving transaction. */
  private async embedNow(tx: Transaction, messages: StoredMessage[]): Promise<void> {
    if (messages.length === 0 || this.indexQueue !== null) return
    await indexEmbeddings(this.vectorOf(tx), requireEmbedder(this), messages.map(embeddingTargetOf), this.options.embeddingBatchSize)
  }

  /** With an index queue: one job per thread for the saved messages, once they are committed. */
  private async enqueueIndexing(messages: StoredMessage[]): Promise<void> {
    if (messages.length === 0 || this.indexQueue === null) return
    const model = requireEmbedder(this).id
    const byThread = new Map<string, StoredMessage[]>()
    for (const message of messages) byThread.set(message.threadId, [...(byThread.get(message.threadId) ?? []), message])
    for (const [threadId, saved] of byThread) {
      const resourceId = saved[0]?.resourceId ?? ''
      await this.indexQueue.enqueue({ resourceId, threadId, model, reason: 'save', messageIds: saved.map((message) => message.id) })
    }
  }

  private branchContext(tx: Transaction): BranchOperationContext {
    return { storage: tx.storage, vector: tx.vector ?? this.vector, options: this.options, embedder: this.embedder }
  }

  private vectorOf(tx: Transaction): VectorStore {
    return requireVectorStore({ vector: tx.vector ?? this.vector })
  }

  private cloneContext(tx: Transaction): CloneContext {
    return { storage: tx.storage, vector: tx.vector ?? this.vector, options: this.options, embedder: this.embedder }
  }

  private async requireThread(storage: MemoryStorage, threadId: string): Promise<StoredThread> {
    const thread = await storage.getThreadById(threadId)
    if (thread === null) throw new ThreadNotFoundError(threadId)
    return thread
  }

  /** With semantic recall on: messages that are new, changed (text or thread) or without a vector of this embedder. */
  private async messagesToEmbed(tx: Transaction, messages: StoredMessage[]): Promise<StoredMessage[]> {
    if (!indexesVectors(this.options)) return []
    const ids = messages.map((message) => message.id)
    const existing = new Map((await tx.storage.getMessagesByIds(ids)).map((message) => [message.id, message]))
    const withVector = new Set(await this.vectorOf(tx).listVectorMessageIds(ids, requireEmbedder(this).id))
    return messages.filter((message) => {
      const before = existing.get(message.id)
      return (
        before === undefined ||
        !withVector.has(message.id) ||
        before.threadId !== message.threadId ||
        messageEmbeddingText(before) !== messageEmbeddingText(message)
      )
    })
  }

  private workingMemoryKey(target: { threadId?: string | undefined; resourceId?: string | undefined }): Promise<MemoryKey> {
    return resolveMemoryKey(this.storage, this.options.workingMemory.scope, target, false)
  }

  private async observationalMemoryOwner(
    storage: MemoryStorage,
    target: { threadId?: string | undefined; resourceId?: string | undefined },
  ): Promise<{ key: MemoryKey; owner: Pick<ObservationalMemoryRecord, 'scope' | 'resourceId' | 'threadId'> }> {
    const key = await resolveMemoryKey(storage, this.options.observationalMemory.scope, target, true)
    return { key, owner: key.scope === 'thread' ? { ...key } : { ...key, threadId: null } }
  }
}
