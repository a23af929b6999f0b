// The REST surface: which procedure answers which method and path. Each
// operation calls its tRPC procedure (same middlewares, scopes, rate limit and
// input schema); the OpenAPI document is built from this table and the
// procedures' own zod input schemas.
import type { z } from 'zod'
import {
  cloneResponse,
  messagePageResponse,
  messagesSavedResponse,
  observationalMemoryResponse,
  recallResponse,
  threadDeletedResponse,
  threadDetailResponse,
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
  tag: 'Threads' | 'Messages' | 'Clone' | 'Recall' | 'Memory'
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
