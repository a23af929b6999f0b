// The REST surface: which procedure answers which method and path. Each
// operation calls its tRPC procedure (same middlewares, scopes, rate limit and
// input schema); the OpenAPI document is built from this table and the
// procedures' own zod input schemas. Every procedure an API token may call is
// here; the operator-only ones are not (docs/api.md, "REST and OpenAPI").
import { z } from 'zod'
import {
  branchCreatedResponse,
  branchMaterializedResponse,
  branchPromotedResponse,
  branchSummaryResponse,
  callPageResponse,
  callTraceResponse,
  cloneResponse,
  lineageResponse,
  messageSearchResponse,
  messagePageResponse,
  messagesDeletedResponse,
  messagesSavedResponse,
  observationalMemoryResponse,
  recallResponse,
  recallStatusResponse,
  threadDeletedResponse,
  threadDetailResponse,
  threadDiffResponse,
  threadListResponse,
  threadResponse,
  versionedMessageResponse,
  workingMemoryResponse,
} from './response-schemas.ts'
import { idempotencyKeyHeader, ifMatchVersion, type HeaderInput } from './header-inputs.ts'
import { serviceOperations } from './service-operations.ts'

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type RestOperation = {
  operationId: string
  method: RestMethod
  /** under REST_BASE_PATH; `{name}` segments fill the input field of that name */
  path: string
  /** the tRPC procedure's dotted path */
  procedure: string
  summary: string
  tag: RestTag
  /**
   * the 200 answer's JSON. Omitted: the procedure's own `.output()` schema when
   * it declares one, else an open object (answers the router owns and changes:
   * the playground's prompt run, the clone preview; their types are in the client)
   */
  response?: z.ZodType
  /** a streaming procedure: the answer is server-sent events, each `data:` one of these (a component schema of this name) */
  events?: { name: string; schema: z.ZodType }
  /** no token needed (health) */
  public?: true
  /** input fields the caller may send as headers instead (If-Match, Idempotency-Key) */
  headerInputs?: readonly HeaderInput[]
}

export const REST_TAGS = ['Threads', 'Messages', 'Clone', 'Branches', 'Recall', 'Memory', 'Indexing', 'Calls', 'Workbench', 'Playground', 'Server'] as const
export type RestTag = (typeof REST_TAGS)[number]

const memoryOperations: readonly RestOperation[] = [
  {
    operationId: 'listThreads',
    method: 'GET',
    path: '/threads',
    procedure: 'threads.list',
    tag: 'Threads',
    summary: 'List threads (most recently updated first)',
    response: threadListResponse,
  },
  {
    operationId: 'createThread',
    method: 'POST',
    path: '/threads',
    procedure: 'threads.create',
    tag: 'Threads',
    summary: 'Create a thread in a resource of the token',
    response: threadResponse,
    headerInputs: [idempotencyKeyHeader],
  },
  {
    operationId: 'getThread',
    method: 'GET',
    path: '/threads/{threadId}',
    procedure: 'threads.get',
    tag: 'Threads',
    summary: 'A thread with its message count and lineage',
    response: threadDetailResponse,
  },
  {
    operationId: 'updateThread',
    method: 'PATCH',
    path: '/threads/{threadId}',
    procedure: 'threads.update',
    tag: 'Threads',
    summary: 'Change the title and/or metadata',
    response: threadResponse,
  },
  {
    operationId: 'deleteThread',
    method: 'DELETE',
    path: '/threads/{threadId}',
    procedure: 'threads.delete',
    tag: 'Threads',
    summary: 'Delete a thread (a thread with branches needs the branches option)',
    response: threadDeletedResponse,
  },
  {
    operationId: 'listMessages',
    method: 'GET',
    path: '/threads/{threadId}/messages',
    procedure: 'messages.list',
    tag: 'Messages',
    summary: 'A page of messages in (createdAt, id) order, or newest first with order=desc (limit=N: the newest N); follow nextCursor',
    response: messagePageResponse,
  },
  {
    operationId: 'getMessage',
    method: 'GET',
    path: '/threads/{threadId}/messages/{messageId}',
    procedure: 'messages.get',
    tag: 'Messages',
    summary: "One message of the thread's history with its version (also the ETag header)",
    response: versionedMessageResponse,
  },
  {
    operationId: 'updateMessage',
    method: 'PATCH',
    path: '/threads/{threadId}/messages/{messageId}',
    procedure: 'messages.update',
    tag: 'Messages',
    summary: "Replace a message's content: If-Match (its ETag) is required; a stale one is 409, never an overwrite",
    response: versionedMessageResponse,
    headerInputs: [ifMatchVersion],
  },
  {
    operationId: 'deleteMessages',
    method: 'POST',
    path: '/threads/{threadId}/messages/delete',
    procedure: 'messages.delete',
    tag: 'Messages',
    summary: 'Delete messages the thread owns (with their vectors), all or nothing; inherited or branch-shared ones are 409',
    response: messagesDeletedResponse,
  },
  {
    operationId: 'saveMessages',
    method: 'POST',
    path: '/messages',
    procedure: 'messages.save',
    tag: 'Messages',
    summary: 'Save up to 1,000 messages, all or nothing, idempotent by id',
    response: messagesSavedResponse,
  },
  {
    operationId: 'cloneThread',
    method: 'POST',
    path: '/threads/{sourceThreadId}/clones',
    procedure: 'clone.create',
    tag: 'Clone',
    summary: 'Clone a thread (all or a selection of its messages) in one transaction',
    response: cloneResponse,
    headerInputs: [idempotencyKeyHeader],
  },
  {
    operationId: 'createBranch',
    method: 'POST',
    path: '/threads/{sourceThreadId}/branches',
    procedure: 'branches.create',
    tag: 'Branches',
    summary: 'Branch a thread: one new thread that shares its history up to the branch point',
    response: branchCreatedResponse,
    headerInputs: [idempotencyKeyHeader],
  },
  {
    operationId: 'listBranches',
    method: 'GET',
    path: '/threads/{threadId}/branches',
    procedure: 'branches.list',
    tag: 'Branches',
    summary: 'The direct branches of a thread, oldest first, with their branch points',
    response: z.array(branchSummaryResponse),
  },
  {
    operationId: 'materializeBranch',
    method: 'POST',
    path: '/threads/{threadId}/materialize',
    procedure: 'branches.materialize',
    tag: 'Branches',
    summary: 'Make a branch an independent thread that owns copies of what it inherited',
    response: branchMaterializedResponse,
  },
  {
    operationId: 'promoteBranch',
    method: 'POST',
    path: '/threads/{branchThreadId}/promote',
    procedure: 'branches.promote',
    tag: 'Branches',
    summary: "The source continues along the branch; the source's former tail becomes a new branch",
    response: branchPromotedResponse,
  },
  {
    operationId: 'diffThreads',
    method: 'GET',
    path: '/threads/{threadIdA}/diff',
    procedure: 'branches.diff',
    tag: 'Branches',
    summary: 'What each of two threads has that the other has not, from their common point',
    response: threadDiffResponse,
  },
  {
    operationId: 'searchRecall',
    method: 'POST',
    path: '/recall/search',
    procedure: 'recall.search',
    tag: 'Recall',
    summary: 'Recall search in a thread or across a resource',
    response: recallResponse,
  },
  {
    operationId: 'getWorkingMemory',
    method: 'GET',
    path: '/memory/working',
    procedure: 'memory.working.get',
    tag: 'Memory',
    summary: 'The working memory of a thread or resource',
    response: workingMemoryResponse,
  },
  {
    operationId: 'updateWorkingMemory',
    method: 'PUT',
    path: '/memory/working',
    procedure: 'memory.working.update',
    tag: 'Memory',
    summary: 'Replace the working memory of a thread or resource',
    response: workingMemoryResponse,
  },
  {
    operationId: 'getObservationalMemory',
    method: 'GET',
    path: '/memory/observational',
    procedure: 'memory.observational.get',
    tag: 'Memory',
    summary: 'The observational memory (current generation and history)',
    response: observationalMemoryResponse,
  },
  {
    operationId: 'searchMessages',
    method: 'GET',
    path: '/messages/search',
    procedure: 'messages.search',
    tag: 'Messages',
    summary: 'Full-text message search across the threads the token sees, best first, with snippets',
    response: messageSearchResponse,
  },
  {
    operationId: 'previewClone',
    method: 'POST',
    path: '/threads/{sourceThreadId}/clones/preview',
    procedure: 'clone.preview',
    tag: 'Clone',
    summary: 'What a clone with the same arguments would do (selection, warnings, memory actions); writes nothing',
  },
  {
    operationId: 'getCloneLineage',
    method: 'GET',
    path: '/threads/{threadId}/clone-lineage',
    procedure: 'clone.lineage',
    tag: 'Clone',
    summary: 'Where a thread was cloned from (ancestors, root first) and the tree of its clones',
    response: lineageResponse,
  },
  {
    operationId: 'getLineage',
    method: 'GET',
    path: '/threads/{threadId}/lineage',
    procedure: 'branches.lineage',
    tag: 'Branches',
    summary: 'Ancestors and the tree of clones and branches below a thread, each with its fork kind and point',
    response: lineageResponse,
  },
  {
    operationId: 'getRecallStatus',
    method: 'GET',
    path: '/threads/{threadId}/recall-status',
    procedure: 'recall.status',
    tag: 'Recall',
    summary: "The recall mode and how many of the thread's messages have a vector",
    response: recallStatusResponse,
  },
  {
    operationId: 'listCalls',
    method: 'GET',
    path: '/calls',
    procedure: 'calls.list',
    tag: 'Calls',
    summary: 'Recorded LLM calls, newest first, with filters; follow nextCursor',
    response: callPageResponse,
  },
  {
    // before /calls/{id}: OpenAPI's literal-path-first rule, and the first template that matches wins here
    operationId: 'listCallRules',
    method: 'GET',
    path: '/calls/rules',
    procedure: 'calls.rules',
    tag: 'Calls',
    summary: 'The rule names the calls filter takes: the built-in rules, and the custom rules seen in your calls',
  },
  {
    operationId: 'getCall',
    method: 'GET',
    path: '/calls/{id}',
    procedure: 'calls.get',
    tag: 'Calls',
    summary: 'One recorded LLM call with its attempts and events',
    response: callTraceResponse,
  },
]

export const restOperations: readonly RestOperation[] = [...memoryOperations, ...serviceOperations]

const OPERATOR_ONLY =
  'operator only: an API token is FORBIDDEN from it over tRPC as well, and REST callers authenticate with API tokens, so a REST operation could only answer 403'

/** The procedures not on the REST surface, and why: by name, or every procedure under a `group.` prefix. */
export const notOnRest: readonly { procedures: string; reason: string }[] = [
  { procedures: 'auth.signIn', reason: "operator session: sets the admin UI's session cookie (REST callers send an API token instead)" },
  { procedures: 'auth.signOut', reason: "operator session: clears the admin UI's session cookie (a token is revoked on the tokens page)" },
  { procedures: 'auth.session', reason: "operator session: the admin UI's header asks whether an operator is signed in (REST callers use GET /me)" },
  { procedures: 'tokens.', reason: `${OPERATOR_ONLY}; issuing a token takes a signed-in operator by design` },
  { procedures: 'playground.rules.', reason: OPERATOR_ONLY },
  { procedures: 'playground.fixtures.', reason: OPERATOR_ONLY },
  {
    procedures: 'playground.switchCheck.',
    reason:
      "the admin UI's Switch check (a thread continued on every provider family's loopback dialect); a backend checks its own history with compileHistory",
  },
  { procedures: 'audit.', reason: OPERATOR_ONLY },
  { procedures: 'threads.byId', reason: "the admin UI's thread page (a thread and its first messages): getThread and listMessages give the same" },
  {
    procedures: 'threads.messages',
    reason: "the admin UI's numbered message pages: listMessages pages by cursor, which stays stable while messages are saved",
  },
  {
    procedures: 'threads.timeline.',
    reason: "the admin UI's timeline windows (numbered by position, opened at #N or a message): listMessages pages the same messages by cursor",
  },
  { procedures: 'memory.workingMemory.', reason: 'aliases (the first names) of memory.working.get / update' },
]

/** Why a procedure is not on the REST surface, or undefined when nothing says so. */
export function notOnRestReason(procedure: string): string | undefined {
  return notOnRest.find(({ procedures }) => (procedures.endsWith('.') ? procedure.startsWith(procedures) : procedure === procedures))?.reason
}

/** The names of a path template's `{parameters}`. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].flatMap((match) => match[1] ?? [])
}

/** The operation for a method and the %-decoded segments of a path under REST_BASE_PATH (decodedPathSegments), with its path parameters' values. */
/** The path parameters when `segments` fit the operation's path template; null when they do not. */
function pathParams(operation: RestOperation, segments: readonly string[]): Record<string, string> | null {
  const template = operation.path.split('/')
  if (template.length !== segments.length) return null
  const params: Record<string, string> = {}
  const matches = template.every((part, index) => {
    const segment = segments[index] ?? ''
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    if (name === undefined) return part === segment
    if (segment === '') return false
    params[name] = segment
    return true
  })
  return matches ? params : null
}

export function matchRestOperation(method: string, segments: readonly string[]): { operation: RestOperation; params: Record<string, string> } | null {
  for (const operation of restOperations) {
    if (operation.method !== method) continue
    const params = pathParams(operation, segments)
    if (params !== null) return { operation, params }
  }
  return null
}

/** The methods some operation answers at this path (a 405's `Allow`); empty when the path is no operation's. */
export function allowedMethods(segments: readonly string[]): RestMethod[] {
  return [...new Set(restOperations.filter((operation) => pathParams(operation, segments) !== null).map((operation) => operation.method))]
}
