// The REST answers as JSON puts them on the wire (dates as ISO 8601 strings),
// for the OpenAPI document. The procedures' results have no zod schema of
// their own (tRPC infers their types), so these describe them; the REST flow
// test validates real answers against the document built from them. A message
// is the engine's stored-message schema: a message read back is valid input.
import { idSchema, indexJobStateSchema, memoryScopeSchema, recallModeSchema, storedMessageSchema } from '@threadline/engine'
import { z } from 'zod'
import { truncationSchema } from '../truncation.ts'

const isoDate = z.iso.datetime({ offset: true })
const counted = z.number().int().min(0)

const memoryKey = z.looseObject({ scope: memoryScopeSchema, resourceId: idSchema, threadId: idSchema.optional() })

export const threadResponse = z.looseObject({
  id: idSchema,
  resourceId: idSchema,
  title: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  sourceThreadId: idSchema.nullable(),
  branch: z.looseObject({ parentThreadId: idSchema, branchPointMessageId: idSchema }).nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
})

export const messageResponse = storedMessageSchema

export const threadListResponse = z.object({
  items: z.array(
    z.looseObject({
      id: idSchema,
      resourceId: idSchema,
      title: z.string(),
      messageCount: counted,
      isClone: z.boolean(),
      isBranch: z.boolean(),
      createdAt: isoDate,
    }),
  ),
  total: counted,
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
})

export const threadDetailResponse = z.object({
  thread: threadResponse,
  /** set when the id asked for names no thread any more and led here (a promoted branch's id gives its source); null otherwise */
  redirectedFrom: z.object({ threadId: idSchema, title: z.string(), reason: z.enum(['promoted']), at: isoDate }).nullable(),
  messageCount: counted,
  isClone: z.boolean(),
  clone: z.looseObject({ sourceThreadId: idSchema, clonedAt: isoDate }).nullable(),
  isBranch: z.boolean(),
  branch: z.looseObject({}).nullable(),
})

export const threadDeletedResponse = z.object({ deleted: idSchema })

export const messagesSavedResponse = z.object({ saved: counted, messageIds: z.array(idSchema) })

export const messagesDeletedResponse = z.object({ deleted: counted })

export const versionedMessageResponse = z.object({
  message: messageResponse,
  /** 1 when saved, +1 on every change: give it back as messages.update's expectedVersion (REST: If-Match, the ETag) */
  version: z.number().int().positive(),
})

export const messagePageResponse = z.object({
  items: z.array(messageResponse),
  /** give it as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
})

export const cloneResponse = z.object({
  thread: threadResponse,
  /** the cloned messages with their new ids ([] with returnMessages: false) */
  clonedMessages: z.array(messageResponse),
  /** source message id -> cloned message id ({} with returnMessageIdMap: false) */
  messageIdMap: z.record(z.string(), idSchema),
  /** how many messages were cloned */
  clonedMessageCount: counted,
})

export const recallResponse = z.object({
  mode: recallModeSchema,
  results: z.array(
    z.object({
      score: z.number(),
      message: messageResponse,
      threadTitle: z.string(),
      before: z.array(messageResponse),
      after: z.array(messageResponse),
      alsoIn: z.array(z.object({ messageId: idSchema, threadId: idSchema, threadTitle: z.string() })),
    }),
  ),
})

export const workingMemoryResponse = z.object({ key: memoryKey, workingMemory: z.string().nullable() })

export const observationalMemoryResponse = z.object({
  key: memoryKey,
  current: z.looseObject({}).nullable(),
  generations: z.array(z.looseObject({})),
})

/** A direct branch with where it was cut (branches list). */
export const branchSummaryResponse = z.looseObject({
  id: idSchema,
  title: z.string(),
  resourceId: idSchema,
  createdAt: isoDate,
  branchPointMessageId: idSchema.nullable(),
  branchPointThreadId: idSchema.nullable(),
})

export const branchCreatedResponse = z.object({ thread: threadResponse, inheritedMessageCount: counted })

export const branchMaterializedResponse = z.looseObject({
  thread: threadResponse,
  copiedMessageCount: counted,
  copiedVectorCount: counted,
  repointedBranchThreadIds: z.array(idSchema),
})

export const branchPromotedResponse = z.looseObject({
  thread: threadResponse,
  newBranchThread: threadResponse,
  promotedBranchThreadId: idSchema,
  movedToNewBranchCount: counted,
  movedToSourceCount: counted,
  reparentedToNewBranch: z.array(idSchema),
  reparentedToSource: z.array(idSchema),
})

export const threadDiffResponse = z.looseObject({
  threadIdA: idSchema,
  threadIdB: idSchema,
  commonAncestor: z.object({ messageIdA: idSchema, messageIdB: idSchema }).nullable(),
  commonMessageCount: counted,
  /** where the shared stretch begins (1-based positions in each side): a partial clone shares from its first copied message */
  firstCommon: z.object({ messageIdA: idSchema, messageIdB: idSchema, positionA: counted, positionB: counted }).nullable(),
  /** how many of that side's own messages lie BEFORE the common point (what a partial clone left out); they open its list */
  onlyInABeforeCommonCount: counted,
  onlyInBBeforeCommonCount: counted,
  /** one page of each side (`limit` messages) */
  onlyInA: z.array(messageResponse),
  onlyInB: z.array(messageResponse),
  /** every message only in that side, whatever the page */
  onlyInACount: counted,
  onlyInBCount: counted,
  matchedCopies: z.boolean(),
  /** per side: null when the page is all of that side; else pass `nextCursor` as `cursorA` / `cursorB` */
  truncated: z.object({ onlyInA: truncationSchema, onlyInB: truncationSchema }),
})

/** A recorded LLM call without its attempts and events (calls list). */
const callSummary = z.looseObject({
  id: idSchema,
  outcome: z.enum(['success', 'failed', 'aborted']),
  startedAt: isoDate,
  latencyMs: z.number(),
  finishReason: z.string().nullable(),
  resourceId: idSchema.nullable(),
  retries: counted,
  waitedMs: z.number(),
  rules: z.array(z.string()),
  repairedMessageIds: z.array(idSchema),
  promptOnlyMessageIds: z.array(idSchema),
})

export const callPageResponse = z.object({ calls: z.array(callSummary), nextCursor: z.string().nullable() })

export const callTraceResponse = callSummary.extend({ attempts: z.array(z.looseObject({})), events: z.array(z.looseObject({})) })

/**
 * A lineage tree node (clone.lineage, branches.lineage): the thread, how and where it was forked, its children
 * (described one level deep: a recursive zod schema becomes `$defs` whose `#/$defs/...` refs would resolve
 * against the OpenAPI document, not the schema).
 */
const lineageNode = z.looseObject({
  id: idSchema,
  resourceId: idSchema,
  title: z.string(),
  createdAt: isoDate,
  children: z.array(z.looseObject({ id: idSchema })),
})

export const lineageResponse = z.object({ ancestors: z.array(lineageNode), thread: lineageNode, truncated: z.boolean() })

/** A page numbered from 1, with the total (the admin UI's listings). */
function numberedPage(item: z.ZodType) {
  return z.object({ items: z.array(item), total: counted, page: z.number().int(), pageSize: z.number().int(), pageCount: z.number().int() })
}

export const messageSearchResponse = numberedPage(
  z.looseObject({
    messageId: idSchema,
    threadId: idSchema,
    threadTitle: z.string(),
    resourceId: idSchema,
    role: z.string(),
    createdAt: isoDate,
    snippet: z.array(z.object({ text: z.string(), match: z.boolean() })),
  }),
)

export const recallStatusResponse = z.looseObject({
  threadId: idSchema,
  mode: recallModeSchema,
  model: z.string().nullable(),
  vectorsAvailable: z.boolean(),
  messages: counted,
  withVector: counted,
  unindexed: counted,
})

/** An index job with its progress at the time of the answer. */
export const indexJobResponse = z.looseObject({
  id: idSchema,
  resourceId: idSchema,
  threadId: idSchema.nullable(),
  model: z.string(),
  state: indexJobStateSchema,
  total: counted,
  done: counted,
  lastError: z.string().nullable(),
  /** messages the embedder refused, each failed alone with its reason (the others got vectors) */
  failures: z.array(z.object({ messageId: idSchema, error: z.string() })),
  createdAt: isoDate,
  progress: z.object({ done: counted, total: counted, fraction: z.number(), perSecond: z.number().nullable(), etaSeconds: z.number().nullable() }),
})

export const indexStatusResponse = z.looseObject({
  resourceId: idSchema,
  model: z.string().nullable(),
  vectorsAvailable: z.boolean(),
  messages: counted.nullable(),
  unindexed: counted,
  job: indexJobResponse.nullable(),
})

export const indexJobPageResponse = numberedPage(indexJobResponse)

export const healthResponse = z.looseObject({
  database: z.string(),
  /** 'hybrid' only with an embedding model in use (which needs pgvector) */
  recall: z.object({ mode: z.enum(['text', 'hybrid']), embedder: z.string().nullable(), pgvector: z.boolean() }),
  migrations: z.looseObject({}),
})

/** Who the caller is: for a token, its scope (never its secret). */
export const callerResponse = z.union([
  z.looseObject({ kind: z.literal('token'), token: z.looseObject({ id: idSchema, name: z.string(), canWrite: z.boolean() }) }),
  z.looseObject({ kind: z.literal('operator'), operator: z.looseObject({ id: idSchema }) }),
])

export const resourceListResponse = z.array(z.object({ id: idSchema, threadCount: counted }))

export const ruleTemplateResponse = z.object({ code: z.string(), builtInRules: z.array(z.string()) })

export const retryDecisionResponse = z.looseObject({ retry: z.boolean(), reason: z.string() })

/** A reactive rules run: which rules match the error, what their fixes change (nothing is saved), and the retry decision. */
export const errorEvaluationResponse = z.looseObject({
  rules: z.array(z.looseObject({})),
  compatRetry: z.boolean(),
  compatReason: z.string(),
  fixedBy: z.string().nullable(),
  before: z.array(messageResponse),
  after: z.array(messageResponse),
  changes: z.looseObject({}),
  retryDecision: retryDecisionResponse,
})

export const modelChoiceResponse = z.object({
  models: z.array(
    z.looseObject({
      model: z.string(),
      provider: z.string(),
      label: z.string(),
      contextWindow: z.number().int(),
      tokenCount: z.enum(['exact', 'estimate']),
      demo: z.boolean(),
    }),
  ),
  hint: z.string().nullable(),
})

/** The context window view: the next turn's prompt section by section with token counts, and what is left out. */
export const contextViewResponse = z.looseObject({
  model: z.looseObject({ model: z.string() }),
  sections: z.array(z.looseObject({ tokens: counted })),
  totalTokens: counted,
  contextWindow: z.number().int(),
  replyReserve: counted,
  overLimit: z.array(z.looseObject({ id: idSchema, tokens: counted })),
  rulesApplied: z.array(z.string()),
})
