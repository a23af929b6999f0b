// A Memory seen through a caller's tenant scope (Memory.scopedTo): the thread
// check is written once (`thread`), every thread-taking method goes through
// it, and listings are narrowed to the scope.
import type { z } from 'zod'
import { ThreadNotFoundError } from '../errors/index.ts'
import type { StoredMessage } from '../messages/types.ts'
import { saveMessagesInputSchema } from '../messages/schema.ts'
import type { StoredThread } from '../storage/types.ts'
import { parseInput } from '../validation/parse-input.ts'
import { type BranchCallOptions, branchCallOptionsSchema } from './audit-record.ts'
import { type BranchThreadArgs, branchThreadArgsSchema, type DeleteThreadCallOptions } from './branch-options.ts'
import type { BranchThreadResult } from './branch-thread.ts'
import type { DiffThreadsOptions } from './branches/branch-operation-schemas.ts'
import type { ThreadDiff } from './branches/diff-threads.ts'
import type { MaterializeBranchResult } from './branches/materialize-branch.ts'
import type { PromoteBranchArgs, PromoteBranchResult } from './branches/promote-branch.ts'
import type { CloneCallOptions, ClonePreviewPageInput, CloneThreadArgs } from './clone-options.ts'
import type { ClonePreview } from './clone-preview.ts'
import type { CloneThreadResult } from './clone-thread.ts'
import { createThreadInputSchema, updateThreadInputSchema } from './input-schemas.ts'
import type { LineageTree, LineageTreeOptions } from './lineage-tree.ts'
import type {
  EmbeddingStatus,
  ListThreadsPage,
  Memory,
  MessageSearch,
  ObservationalMemoryHistory,
  ParsedMemory,
  SaveMessagesCallOptions,
  WorkingMemoryEntry,
} from './memory.ts'
import type { MemoryTarget } from './memory-key.ts'
import type { UpdateMessageInput, VersionedMessage } from './message-edit.ts'
import type { ResourceScope } from './resource-scope.ts'
import type { ResolvedThread } from './thread-redirect.ts'

type ListMessagesInput = Parameters<Memory['listMessages']>[0]
type SearchMessagesInput = Parameters<Memory['searchMessages']>[0]

export class ScopedMemory {
  readonly scope: ResourceScope
  private readonly memory: Memory

  /** Memory's trusted path (input its engine schema parsed), scope-checked as the rest. */
  readonly parsed: ParsedMemory = {
    saveMessages: (input, callOptions = {}) => this.memory.parsed.saveMessages(input, this.savingInScope(callOptions)),
    createThread: (input) => {
      this.scope.require(input.resourceId)
      return this.memory.parsed.createThread(input)
    },
    updateThread: async (input) => {
      await this.thread(input.threadId)
      return this.memory.parsed.updateThread(input)
    },
    branchThread: async (args, callOptions) => {
      // the engine refuses a resource other than the source's (a cross-tenant fork is a clone); one outside the scope is refused first
      const source = await this.thread(args.sourceThreadId)
      if (args.resourceId !== undefined) this.scope.require(args.resourceId)
      return this.memory.parsed.branchThread({ ...args, sourceThreadId: source.id }, callOptions)
    },
  }

  constructor(memory: Memory, scope: ResourceScope) {
    this.memory = memory
    this.scope = scope
  }

  /**
   * The thread when it exists AND its resource is in scope; otherwise
   * ThreadNotFoundError either way, so a caller never learns that a thread
   * outside its scope exists. Every thread-taking method checks here.
   */
  async thread(threadId: string): Promise<StoredThread> {
    const thread = await this.memory.getThreadById({ threadId })
    if (thread === null || !this.scope.includes(thread.resourceId)) throw new ThreadNotFoundError(threadId)
    return thread
  }

  /** Memory.resolveThread in the scope: ThreadNotFoundError when the thread (or the redirect's target) is unknown or outside it. */
  async resolveThread(threadId: string): Promise<ResolvedThread> {
    const resolved = await this.memory.resolveThread({ threadId })
    if (resolved === null || !this.scope.includes(resolved.thread.resourceId)) throw new ThreadNotFoundError(threadId)
    return resolved
  }

  /** The thread, or null when unknown or outside the scope (alike). */
  async getThreadById(input: { threadId: string }): Promise<StoredThread | null> {
    const thread = await this.memory.getThreadById(input)
    return thread !== null && this.scope.includes(thread.resourceId) ? thread : null
  }

  /** The threads of these ids that exist in the scope, in one query (the others are left out alike). */
  async getThreadsByIds(threadIds: string[]): Promise<StoredThread[]> {
    return (await this.memory.getThreadsByIds(threadIds)).filter((thread) => this.scope.includes(thread.resourceId))
  }

  async createThread(input: z.input<typeof createThreadInputSchema>): Promise<StoredThread> {
    return this.parsed.createThread(parseInput(createThreadInputSchema, input))
  }

  async updateThread(input: z.input<typeof updateThreadInputSchema>): Promise<StoredThread> {
    return this.parsed.updateThread(parseInput(updateThreadInputSchema, input))
  }

  /** Memory.deleteThread; returns the thread deleted. */
  async deleteThread(threadId: string, options: DeleteThreadCallOptions = {}): Promise<StoredThread> {
    const thread = await this.thread(threadId)
    await this.memory.deleteThread(thread.id, options)
    return thread
  }

  /** Memory.listThreads over the scope: the named resource (in scope), the scope's only one, or (scope 'all') every one. */
  async listThreads(input: { resourceId?: string; page?: number; perPage?: number; titleContains?: string } = {}): Promise<ListThreadsPage> {
    const { resourceId: _named, ...rest } = input
    const resourceId = this.scope.single(input.resourceId)
    return this.memory.listThreads({ ...rest, ...(resourceId === undefined ? {} : { resourceId }) })
  }

  /** Memory.saveMessages; a message of a thread outside the scope: ThreadNotFoundError (checked as the save locks the threads). */
  async saveMessages(input: { messages: StoredMessage[] }, callOptions: SaveMessagesCallOptions = {}): Promise<StoredMessage[]> {
    return this.parsed.saveMessages(parseInput(saveMessagesInputSchema, input), callOptions)
  }

  async listMessages(input: ListMessagesInput): Promise<StoredMessage[]> {
    const thread = await this.thread(input.threadId)
    return this.memory.listMessages({ ...input, threadId: thread.id })
  }

  /** Memory.deleteMessages of messages the thread (in scope) owns; returns how many. */
  async deleteMessages(input: { threadId: string; messageIds: string[] }): Promise<number> {
    const thread = await this.thread(input.threadId)
    return this.memory.deleteMessages({ messageIds: input.messageIds, threadId: thread.id })
  }

  /** Memory.updateMessage in a thread of the scope. */
  async updateMessage(input: UpdateMessageInput): Promise<VersionedMessage> {
    const thread = await this.thread(input.threadId)
    return this.memory.updateMessage({ ...input, threadId: thread.id })
  }

  /** Memory.getMessage in a thread of the scope. */
  async getMessage(input: { threadId: string; messageId: string }): Promise<VersionedMessage> {
    const thread = await this.thread(input.threadId)
    return this.memory.getMessage({ ...input, threadId: thread.id })
  }

  async countMessages(input: { threadId: string }): Promise<number> {
    return this.memory.countMessages({ threadId: (await this.thread(input.threadId)).id })
  }

  /** Memory.searchMessages in a thread of the scope or a resource of it. */
  async searchMessages(input: SearchMessagesInput): Promise<MessageSearch> {
    if (input.threadId !== undefined) await this.thread(input.threadId)
    if (input.resourceId !== undefined) this.scope.require(input.resourceId)
    return this.memory.searchMessages(input)
  }

  async getEmbeddingStatus(input: { threadId: string }): Promise<EmbeddingStatus> {
    return this.memory.getEmbeddingStatus({ threadId: (await this.thread(input.threadId)).id })
  }

  // ---- working and observational memory: a thread of the scope and/or a resource of it

  async getWorkingMemoryEntry(target: MemoryTarget): Promise<WorkingMemoryEntry> {
    return this.memory.getWorkingMemoryEntry(await this.targetInScope(target, this.memory.options.workingMemory.scope))
  }

  async updateWorkingMemory(input: MemoryTarget & { workingMemory: string }): Promise<WorkingMemoryEntry> {
    const target = await this.targetInScope(input, this.memory.options.workingMemory.scope)
    return this.memory.updateWorkingMemory({ ...target, workingMemory: input.workingMemory })
  }

  async getObservationalMemoryHistory(target: MemoryTarget): Promise<ObservationalMemoryHistory> {
    return this.memory.getObservationalMemoryHistory(await this.targetInScope(target, this.memory.options.observationalMemory.scope))
  }

  // ---- clones and branches

  /** Memory.cloneThread: a source outside the scope is ThreadNotFoundError (checked by the clone itself, no read before it). */
  async cloneThread(args: CloneThreadArgs, callOptions: CloneCallOptions = {}): Promise<CloneThreadResult> {
    if (args.resourceId !== undefined) this.scope.require(args.resourceId)
    const sourceResourceIds = this.narrowed(callOptions.sourceResourceIds)
    return this.memory.cloneThread(args, { ...callOptions, ...(sourceResourceIds === undefined ? {} : { sourceResourceIds }) })
  }

  /** Memory.previewClone within the scope: a newThreadId taken outside it previews as a free one (no oracle). */
  async previewClone(args: CloneThreadArgs, page?: ClonePreviewPageInput): Promise<ClonePreview> {
    const source = await this.thread(args.sourceThreadId)
    if (args.resourceId !== undefined) this.scope.require(args.resourceId)
    const sourceResourceIds = this.narrowed(undefined)
    return this.memory.previewClone({ ...args, sourceThreadId: source.id }, page, sourceResourceIds === undefined ? {} : { sourceResourceIds })
  }

  async branchThread(args: BranchThreadArgs, callOptions?: BranchCallOptions): Promise<BranchThreadResult> {
    return this.parsed.branchThread(parseInput(branchThreadArgsSchema, args), parseInput(branchCallOptionsSchema, callOptions, { root: 'options' }))
  }

  /** The direct branches in the scope, oldest first. */
  async listBranches(threadId: string): Promise<StoredThread[]> {
    const branches = await this.memory.listBranches((await this.thread(threadId)).id)
    return branches.filter((branch) => this.scope.includes(branch.resourceId))
  }

  /** Memory.getLineageTree showing only threads in the scope (ancestors stop below the first outside it, forks go with their subtree). */
  async getLineageTree(threadId: string, options: LineageTreeOptions = {}): Promise<LineageTree> {
    const thread = await this.thread(threadId)
    const resourceIds = this.narrowed(options.resourceIds)
    return this.memory.getLineageTree(thread.id, { ...options, ...(resourceIds === undefined ? {} : { resourceIds }) })
  }

  async materializeBranch(threadId: string): Promise<MaterializeBranchResult> {
    return this.memory.materializeBranch((await this.thread(threadId)).id)
  }

  async promoteBranch(args: PromoteBranchArgs): Promise<PromoteBranchResult> {
    return this.memory.promoteBranch({ branchThreadId: (await this.thread(args.branchThreadId)).id })
  }

  async diffThreads(threadIdA: string, threadIdB: string, options?: DiffThreadsOptions): Promise<ThreadDiff> {
    const [a, b] = await Promise.all([this.thread(threadIdA), this.thread(threadIdB)])
    return this.memory.diffThreads(a.id, b.id, options)
  }

  // ---- internals

  /** The save's threads must be in the scope (and pass the caller's own check, if any). */
  private savingInScope(callOptions: SaveMessagesCallOptions): SaveMessagesCallOptions {
    const { threadVisible } = callOptions
    return {
      ...callOptions,
      threadVisible: (thread) => this.scope.includes(thread.resourceId) && (threadVisible === undefined || threadVisible(thread)),
    }
  }

  /**
   * The target with its thread and resource checked. In resource scope a thread
   * stands for its resource (or the one named with it): the target becomes that
   * resource, so Memory needs no second lookup of the thread.
   */
  private async targetInScope(target: MemoryTarget, memoryScope: 'thread' | 'resource'): Promise<MemoryTarget> {
    if (target.threadId === undefined) return { resourceId: this.scope.require(target.resourceId) }
    const thread = await this.thread(target.threadId)
    const resourceId = target.resourceId === undefined ? thread.resourceId : this.scope.require(target.resourceId)
    return memoryScope === 'resource' ? { resourceId } : { threadId: thread.id, resourceId }
  }

  /** A caller's own resource filter narrowed to the scope (undefined: no filter at all). */
  private narrowed(resourceIds: readonly string[] | undefined): string[] | undefined {
    if (resourceIds === undefined) return this.scope.resourceIds ?? undefined
    return resourceIds.filter((resourceId) => this.scope.includes(resourceId))
  }
}
