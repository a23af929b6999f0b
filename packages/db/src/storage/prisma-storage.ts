// The engine's MemoryStorage and VectorStore over Prisma, composed from one
// file per concept. Unexpected failures surface as StorageError (cause kept);
// typed engine errors pass through.
import type { MemoryStorage, TransactionOptions, VectorStore } from '@threadline/engine/storage'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { atomically, type StorageContext } from './context.ts'
import { insertAuditRecords } from './audit-records.ts'
import { cloneWholeThread } from './clone-whole-thread.ts'
import { reportingStorageErrors, toStorageError } from './database-errors.ts'
import * as branches from './branches.ts'
import { searchText } from './full-text.ts'
import { materializeBranches } from './materialize-branches.ts'
import { saveRepairedMessages } from './message-overrides.ts'
import * as messageEdits from './message-edits.ts'
import { messagePositions } from './message-positions.ts'
import * as messages from './messages.ts'
import * as observationalMemory from './observational-memory.ts'
import { promoteBranch } from './promote-branch.ts'
import { diffThreadHistories } from './thread-diff.ts'
import { getThreadRedirect } from './thread-redirects.ts'
import * as threads from './threads.ts'
import { createSessionStatements } from './session-statements.ts'
import { createVectorSupport } from './vector-support.ts'
import { createVectorStore } from './vectors.ts'
import * as workingMemory from './working-memory.ts'

export type StorageBundle = { storage: MemoryStorage; vector: VectorStore }

function createBundle(ctx: StorageContext): StorageBundle {
  const vector = reportingStorageErrors(createVectorStore(ctx), 'vector')
  const storage: MemoryStorage = {
    ...reportingStorageErrors(
      {
        createThread: (input) => threads.createThread(ctx, input),
        getThreadById: (id) => threads.getThreadById(ctx, id),
        getThreadsByIds: (ids) => threads.getThreadsByIds(ctx, ids),
        getThreadRedirect: (id) => getThreadRedirect(ctx, id),
        listThreads: (input) => threads.listThreads(ctx, input),
        updateThread: (id, patch) => threads.updateThread(ctx, id, patch),
        deleteThread: (id, options) => threads.deleteThread(ctx, id, options),
        listClones: (sourceThreadId) => threads.listClones(ctx, sourceThreadId),
        getThreadAncestry: (threadId) => threads.getThreadAncestry(ctx, threadId),
        listThreadDescendants: (input) => threads.listThreadDescendants(ctx, input),
        createBranch: (input) => branches.createBranch(ctx, input),
        listBranches: (threadId) => threads.listBranches(ctx, threadId),
        getLineage: (threadId) => threads.getLineage(ctx, threadId),
        branchesInheriting: (args) => branches.branchesInheriting(ctx, args),
        materializeBranchesOf: (threadId) => branches.materializeBranchesOf(ctx, threadId),
        deleteMessages: (args) => branches.deleteMessages(ctx, args),
        updateMessageContent: (args) => messageEdits.updateMessageContent(ctx, args),
        getMessageVersions: (ids) => messageEdits.getMessageVersions(ctx, ids),
        insertMessages: (input) => messages.insertMessages(ctx, input),
        upsertMessages: (input, options) => messages.upsertMessages(ctx, input, options),
        listMessages: (selection) => messages.listMessages(ctx, selection),
        getMessagesByIds: (ids) => messages.getMessagesByIds(ctx, ids),
        listMessagesAround: (args) => messages.listMessagesAround(ctx, args),
        countMessages: (threadId) => messages.countMessages(ctx, threadId),
        messagePositions: (args) => messagePositions(ctx, args),
        searchText: (query) => searchText(ctx, query),
        listMessageIds: (selection) => messages.listMessageIds(ctx, selection),
        listMessageStructure: (selection) => messages.listMessageStructure(ctx, selection),
        copyMessages: (args) => messages.copyMessages(ctx, args),
        copyThreadMessages: (args) => messages.copyThreadMessages(ctx, args),
        cloneWholeThread: (args) => cloneWholeThread(ctx, args),
        insertAuditRecords: (records) => insertAuditRecords(ctx, records),
        getWorkingMemory: (key) => workingMemory.getWorkingMemory(ctx, key),
        setWorkingMemory: (key, text) => workingMemory.setWorkingMemory(ctx, key, text),
        getWorkingMemoryAsOf: (key, at) => workingMemory.getWorkingMemoryAsOf(ctx, key, at),
        listWorkingMemoryVersions: (key) => workingMemory.listWorkingMemoryVersions(ctx, key),
        copyThreadWorkingMemory: (args) => workingMemory.copyThreadWorkingMemory(ctx, args),
        getObservationalMemory: (key) => observationalMemory.getObservationalMemory(ctx, key),
        listObservationalMemoryGenerations: (key) => observationalMemory.listObservationalMemoryGenerations(ctx, key),
        getObservationalMemoryAsOf: (key, at) => observationalMemory.getObservationalMemoryAsOf(ctx, key, at),
        insertObservationalMemory: (record) => observationalMemory.insertObservationalMemory(ctx, record),
        updateObservationalMemory: (id, patch) => observationalMemory.updateObservationalMemory(ctx, id, patch),
        materializeBranches: (input) => materializeBranches(ctx, input),
        promoteBranch: (input) => promoteBranch(ctx, input),
        diffThreadHistories: (input) => diffThreadHistories(ctx, input),
        saveRepairedMessages: (input) => saveRepairedMessages(ctx, input),
      } satisfies Omit<MemoryStorage, 'transaction'>,
      'storage',
    ),
    transaction: (fn, options) => runTransaction(ctx, bundle, fn, options),
  }
  const bundle = { storage, vector }
  return bundle
}

/** Nested calls reuse the open transaction; errors thrown by `fn` itself pass through untouched. */
async function runTransaction<T>(ctx: StorageContext, current: StorageBundle, fn: (tx: StorageBundle) => Promise<T>, options?: TransactionOptions): Promise<T> {
  // read-only work on a single session: its statements and pages interleave with other requests' (TransactionOptions.readOnly)
  if (ctx.inTransaction || (options?.readOnly === true && ctx.interleaveRows !== undefined)) return fn(current)
  let failedInside = false
  try {
    return await atomically(
      ctx,
      async (txCtx) => {
        try {
          return await fn(createBundle(txCtx))
        } catch (error) {
          failedInside = true
          throw error
        }
      },
      options,
    )
  } catch (error) {
    // set in the callback above, which TypeScript's narrowing does not see
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    throw failedInside ? error : toStorageError(error, 'storage.transaction')
  }
}

/** `interleaveRows`: the database is one session (PGlite): see StorageContext. */
export function createPrismaStorage(prisma: PrismaClient, options: { interleaveRows?: number } = {}): StorageBundle {
  const oneSession = options.interleaveRows !== undefined
  return createBundle({
    db: prisma,
    root: prisma,
    inTransaction: false,
    vectorSupport: createVectorSupport(),
    ...options,
    ...(oneSession ? { sessionStatements: createSessionStatements() } : {}),
  })
}
