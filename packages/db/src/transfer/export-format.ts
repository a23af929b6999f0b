// The thread export format (docs/export-format.md): JSON Lines, one JSON value
// per line. The first line is the header; then the thread's rows, each line
// typed by `type`; the last line is `end` with the counts, so a truncated file
// is refused instead of imported in part. Version 1: an importer reads every
// version up to its own and refuses a newer one by name.
import { z } from 'zod'

export const EXPORT_FORMAT = 'threadline-thread'
export const EXPORT_VERSION = 1

const isoDateText = z.iso.datetime({ offset: true })
const isoDate = isoDateText.transform((text) => new Date(text))
/** the text an ISO date field accepts (the importer's check of message lines without zod, message-line-check.ts) */
export const ISO_DATE_PATTERN: RegExp = z.core.regexes.datetime(isoDateText._zod.def)
export const ID_MAX_LENGTH = 300
export const ROLE_MAX_LENGTH = 50
const id = z.string().min(1).max(ID_MAX_LENGTH)
const json = z.json()

/** A thread as the header and `branch` lines carry it. */
const threadFields = z.object({
  id,
  resourceId: id,
  title: z.string(),
  metadata: json,
  sourceThreadId: id.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
})

export const headerLine = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1),
  exportedAt: isoDate,
  /** whether the thread's branches (and theirs) follow */
  branches: z.boolean(),
  thread: threadFields,
})

/** A branch of the exported thread or of one of its branches; always after its parent's line and the message it is cut at. */
export const branchLine = z.object({
  type: z.literal('branch'),
  thread: threadFields.extend({
    branchParentId: id,
    branchPointMessageId: id,
    branchPointThreadId: id,
    branchPointCreatedAt: isoDate,
    inheritedMessageCount: z.number().int().min(0),
  }),
})

/** A message the thread `threadId` owns (the root's or a branch's own), in (createdAt, id) order per thread. */
export const messageLine = z.object({
  type: z.literal('message'),
  threadId: id,
  id,
  role: z.string().min(1).max(ROLE_MAX_LENGTH),
  messageType: z.string().min(1).max(ROLE_MAX_LENGTH),
  content: json,
  createdAt: isoDate,
  version: z.number().int().min(1),
})

/** A branch's own version of a message it inherits (copy-on-write repairs). */
export const messageOverrideLine = z.object({
  type: z.literal('messageOverride'),
  threadId: id,
  messageId: id,
  role: z.string().min(1).max(ROLE_MAX_LENGTH),
  content: json,
  createdAt: isoDate,
})

/** One version of a thread's working memory, oldest first (the last is the current text). */
export const workingMemoryLine = z.object({
  type: z.literal('workingMemory'),
  threadId: id,
  text: z.string(),
  createdAt: isoDate,
})

/** One generation of a thread's observational memory. */
export const observationalMemoryLine = z.object({
  type: z.literal('observationalMemory'),
  threadId: id,
  id,
  generation: z.number().int(),
  originType: z.string(),
  activeObservations: z.string(),
  observedMessageIds: z.array(id),
  bufferedObservationChunks: json,
  lastObservedAt: isoDate.nullable(),
  totalTokensObserved: z.number().int(),
  observationTokenCount: z.number().int(),
  pendingMessageTokens: z.number().int(),
  config: json,
  metadata: json,
  createdAt: isoDate,
  updatedAt: isoDate,
})

/** The last line: what came before it, so a cut-off file is refused. */
export const endLine = z.object({
  type: z.literal('end'),
  threads: z.number().int().min(1),
  messages: z.number().int().min(0),
})

export const bodyLine = z.discriminatedUnion('type', [branchLine, messageLine, messageOverrideLine, workingMemoryLine, observationalMemoryLine, endLine])

export type HeaderLine = z.output<typeof headerLine>
export type BranchLine = z.output<typeof branchLine>
export type MessageLine = z.output<typeof messageLine>
export type MessageOverrideLine = z.output<typeof messageOverrideLine>
export type WorkingMemoryLine = z.output<typeof workingMemoryLine>
export type ObservationalMemoryLine = z.output<typeof observationalMemoryLine>
export type BodyLine = z.output<typeof bodyLine>
