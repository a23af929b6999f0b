// The REST surface: which procedure answers which method and path. Each
// operation calls its tRPC procedure (same middlewares, scopes, rate limit and
// input schema); the OpenAPI document is built from this table and the
// procedures' own zod input schemas.
import { z } from 'zod'
import {
  branchCreatedResponse,
  branchMaterializedResponse,
  branchPromotedResponse,
  branchSummaryResponse,
  callPageResponse,
  callTraceResponse,
  cloneResponse,
  messagePageResponse,
  messagesSavedResponse,
  observationalMemoryResponse,
  recallResponse,
  threadDeletedResponse,
  threadDetailResponse,
  threadDiffResponse,
  threadListResponse,
  threadResponse,
  workingMemoryResponse,
} from './response-schemas.ts'

export const REST_BASE_PATH = '/api/v1'

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type RestOperation = {
  operationId: string
  method: RestMethod
  /** under REST_BASE_PATH; `{name}` segments fill the input field of that name */
  path: string
  /** the tRPC procedure's dotted path */
  procedure: string
  summary: string
  tag: 'Threads' | 'Messages' | 'Clone' | 'Branches' | 'Recall' | 'Memory' | 'Calls'
  /** the 200 answer's JSON */
  response: z.ZodType
}

export const restOperations: readonly RestOperation[] = [
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
    summary: 'A page of messages in (createdAt, id) order; follow nextCursor',
    response: messagePageResponse,
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
  },
  {
    operationId: 'createBranch',
    method: 'POST',
    path: '/threads/{sourceThreadId}/branches',
    procedure: 'branches.create',
    tag: 'Branches',
    summary: 'Branch a thread: one new thread that shares its history up to the branch point',
    response: branchCreatedResponse,
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
    operationId: 'listCalls',
    method: 'GET',
    path: '/calls',
    procedure: 'calls.list',
    tag: 'Calls',
    summary: 'Recorded LLM calls, newest first, with filters; follow nextCursor',
    response: callPageResponse,
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

/** The names of a path template's `{parameters}`. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].flatMap((match) => match[1] ?? [])
}

/** The operation for a method and a path under REST_BASE_PATH, with its path parameters' values. */
export function matchRestOperation(method: string, path: string): { operation: RestOperation; params: Record<string, string> } | null {
  const segments = path.split('/')
  for (const operation of restOperations) {
    if (operation.method !== method) continue
    const template = operation.path.split('/')
    if (template.length !== segments.length) continue
    const params: Record<string, string> = {}
    const matches = template.every((part, index) => {
      const segment = segments[index] ?? ''
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      if (name === undefined) return part === segment
      if (segment === '') return false
      params[name] = decodeURIComponent(segment)
      return true
    })
    if (matches) return { operation, params }
  }
  return null
}
