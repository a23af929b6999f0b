import {
  cloneOptionsSchema,
  cloneThreadArgsSchema,
  getCloneMetadata,
  messageSnippet,
  ThreadAlreadyExistsError,
  type StoredThread,
} from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { canAccessResource, type Caller } from '../auth/caller.ts'
import { threadIdInput } from '../inputs.ts'
import { requireResource, threadInScope } from '../scope.ts'
import type { Services } from '../services.ts'
import { authedProcedure, router, writeProcedure } from '../trpc.ts'

/** The engine's clone arguments; `returnMessages` moves up a level (create only). */
const cloneInput = cloneThreadArgsSchema.omit({ options: true }).extend({
  options: cloneOptionsSchema.omit({ returnMessages: true }).optional(),
})

const createInput = cloneInput.extend({
  /** false: do not return the cloned messages (faster for long threads); default true */
  returnMessages: z.boolean().optional(),
})

/** The clone arguments after the scope checks: the source must be visible, the target resource the caller's. */
async function checkCloneScope(services: Services, caller: Caller, input: z.output<typeof cloneInput>): Promise<void> {
  await threadInScope(services, caller, input.sourceThreadId)
  if (input.resourceId !== undefined) requireResource(caller, input.resourceId)
}

/** Where a clone was cut from its source: the source message it was forked after (`snippet` null once that message is gone). */
type ForkPoint = { messageId: string; snippet: string | null }

type LineageNode = {
  id: string
  resourceId: string
  title: string
  createdAt: Date
  clonedAt: Date | null
  /** the source's last message when the clone was made */
  lastMessageId: string | null
  /** the fork point, when the clone recorded it and its source is in this lineage */
  forkedAfter: ForkPoint | null
  children: LineageNode[]
}

/** A clone node waiting for its fork point: the source thread and the source message it was cut after. */
type ForkRequest = { node: LineageNode; sourceThreadId: string; messageId: string }

const MAX_LINEAGE_NODES = 1000
const FORK_SNIPPET_LENGTH = 60

function lineageNode(thread: StoredThread, forks: ForkRequest[]): LineageNode {
  const clone = getCloneMetadata(thread)
  const node: LineageNode = {
    id: thread.id,
    resourceId: thread.resourceId,
    title: thread.title,
    createdAt: thread.createdAt,
    clonedAt: clone ? new Date(clone.clonedAt) : null,
    lastMessageId: clone?.lastMessageId ?? null,
    forkedAfter: null,
    children: [],
  }
  if (clone?.lastClonedMessageId) {
    forks.push({ node, sourceThreadId: thread.sourceThreadId ?? clone.sourceThreadId, messageId: clone.lastClonedMessageId })
  }
  return node
}

/**
 * Fills in the fork points of the clones whose source is drawn (one query for
 * all their messages). A source outside the lineage (another tenant's, or
 * deleted) has no edge, so nothing of it is read.
 */
async function attachForkPoints(services: Services, forks: ForkRequest[], shown: ReadonlySet<string>): Promise<void> {
  const drawn = forks.filter((fork) => shown.has(fork.sourceThreadId))
  if (drawn.length === 0) return
  const messages = await services.db.storage.getMessagesByIds(drawn.map((fork) => fork.messageId))
  const byId = new Map(messages.map((message) => [message.id, message]))
  for (const { node, sourceThreadId, messageId } of drawn) {
    const message = byId.get(messageId)
    node.forkedAfter = { messageId, snippet: message?.threadId === sourceThreadId ? messageSnippet(message, FORK_SNIPPET_LENGTH) : null }
  }
}

/**
 * The clones of `root`, their clones, ... as a tree, level by level, showing
 * only threads the caller may see (a clone in another tenant's resource is
 * left out with its subtree). Stops at MAX_LINEAGE_NODES (`truncated`).
 * `shown`: the ids in the tree.
 */
async function descendantTree(
  services: Services,
  caller: Caller,
  root: LineageNode,
  forks: ForkRequest[],
): Promise<{ truncated: boolean; shown: Set<string> }> {
  const seen = new Set([root.id])
  let level = [root]
  while (level.length > 0) {
    const next: LineageNode[] = []
    for (const parent of level) {
      for (const clone of await services.memory.listClones(parent.id)) {
        if (seen.has(clone.id) || !canAccessResource(caller, clone.resourceId)) continue
        if (seen.size >= MAX_LINEAGE_NODES) return { truncated: true, shown: seen }
        seen.add(clone.id)
        const node = lineageNode(clone, forks)
        parent.children.push(node)
        next.push(node)
      }
    }
    level = next
  }
  return { truncated: false, shown: seen }
}

export const cloneRouter = router({
  /** Memory.cloneThread: one transaction; the clone's messages get new ids (messageIdMap). */
  create: writeProcedure.input(createInput).mutation(async ({ ctx, input }) => {
    await checkCloneScope(ctx.services, ctx.caller, input)
    const { returnMessages, ...args } = input
    try {
      return await ctx.services.memory.cloneThread(args, { returnMessages: returnMessages ?? true })
    } catch (error) {
      // The same answer whichever tenant owns the id: the caller learns only that it is taken.
      if (ThreadAlreadyExistsError.isInstance(error)) {
        throw new TRPCError({ code: 'CONFLICT', message: `newThreadId "${error.threadId}" is not available`, cause: error })
      }
      throw error
    }
  }),

  /** What create would do with the same arguments (selection, warnings, memory actions); writes nothing. */
  preview: authedProcedure.input(cloneInput).query(async ({ ctx, input }) => {
    await checkCloneScope(ctx.services, ctx.caller, input)
    return ctx.services.memory.previewClone(input)
  }),

  /**
   * Where a thread came from (ancestors, root first) and what was cloned from
   * it (a tree); each clone's edge carries its fork point when it recorded one.
   */
  lineage: authedProcedure.input(z.object({ threadId: threadIdInput })).query(async ({ ctx, input }) => {
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    const history = await ctx.services.memory.getCloneHistory(thread.id)
    const forks: ForkRequest[] = []
    // nearest ancestors first, stopping at the first one outside the caller's scope
    const ancestors: LineageNode[] = []
    for (const ancestor of history.slice(0, -1).reverse()) {
      if (!canAccessResource(ctx.caller, ancestor.resourceId)) break
      ancestors.unshift(lineageNode(ancestor, forks))
    }
    const tree = lineageNode(thread, forks)
    const { truncated, shown } = await descendantTree(ctx.services, ctx.caller, tree, forks)
    await attachForkPoints(ctx.services, forks, new Set([...shown, ...ancestors.map((ancestor) => ancestor.id)]))
    return { ancestors, thread: tree, truncated }
  }),
})
