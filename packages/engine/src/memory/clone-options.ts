import { z } from 'zod'
import { InvalidCloneOptionsError, InvalidInputError } from '../errors/index.ts'
import type { AuditRecord } from '../storage/types.ts'
import { type InputErrorFactory, parseInput } from '../validation/parse-input.ts'
import { auditRecordSchema } from './audit-record.ts'
import { type DerivedMemoryMode, derivedMemoryModeSchema } from './branch-options.ts'
import { dateInputSchema, idSchema, messageCursorSchema, metadataSchema, titleSchema } from './input-schemas.ts'

/**
 * How a partial clone treats conversation structure at its edges:
 * - 'exact' (default, the spec's behaviour): exactly the filtered messages;
 * - 'expand': widen the selection so no tool call is cut from its result and it
 *   does not start on an assistant turn cut from its user message;
 * - 'trim': narrow it instead (drop the orphaned half of a tool pair, leading assistant turns).
 */
export type CloneBoundary = 'exact' | 'expand' | 'trim'

/**
 * The LAST n messages after filtering. 0 means no limit (decision 3): the
 * schema turns it into `undefined`, so no one else has to know.
 */
export const messageLimitSchema = z
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .nonnegative('must not be negative')
  .transform((limit) => (limit === 0 ? undefined : limit))

export const messageFilterSchema = z.strictObject({
  startDate: dateInputSchema.optional(),
  endDate: dateInputSchema.optional(),
  /** [] = no id filter */
  messageIds: z.array(idSchema).max(10_000, 'must hold at most 10000 ids').optional(),
})

export const cloneOptionsSchema = z.strictObject({
  messageLimit: messageLimitSchema.optional(),
  messageFilter: messageFilterSchema.optional(),
  boundary: z.enum(['exact', 'expand', 'trim']).optional(),
  /** false: do not read the cloned messages back (`clonedMessages` is []) */
  returnMessages: z.boolean().optional(),
  /**
   * The clone's thread-scoped working and observational memory (resource scope
   * is unaffected): 'current' (default: today's), 'as-of-branch-point' (as it
   * was at the last cloned message's createdAt) or 'empty'.
   */
  derivedMemory: derivedMemoryModeSchema.optional(),
})

export const cloneThreadArgsSchema = z.strictObject({
  sourceThreadId: idSchema,
  newThreadId: idSchema.optional(),
  resourceId: idSchema.optional(),
  title: titleSchema.optional(),
  metadata: metadataSchema.optional(),
  options: cloneOptionsSchema.optional(),
})

export const cloneCallOptionsSchema = z
  .strictObject({
    returnMessages: z.boolean().optional(),
    /** false: `messageIdMap` is {} (the map of a long thread is big to build and send); `clonedMessageCount` still counts the copies */
    returnMessageIdMap: z.boolean().optional(),
    /** the resources the caller may read: a source in any other is ThreadNotFoundError, exactly as if it did not exist */
    sourceResourceIds: z.array(idSchema).max(10_000, 'must hold at most 10000 ids').optional(),
    /** the caller's audit entry, committed with the clone (its thread, resource and `details.messages` added) */
    audit: auditRecordSchema.optional(),
  })
  .optional()

/** previewClone's page of message ids: at most `limit`, after the (createdAt, id) position `after` */
export const clonePreviewPageSchema = z.strictObject({
  limit: z.number().int().min(1).optional(),
  after: messageCursorSchema.optional(),
})

export type ClonePreviewPageInput = z.input<typeof clonePreviewPageSchema>
export type CloneThreadArgs = z.input<typeof cloneThreadArgsSchema>
/** the spec's CloneOptions: `messageLimit`, `messageFilter`, and this project's `boundary`, `returnMessages`, `derivedMemory` */
export type CloneOptions = z.input<typeof cloneOptionsSchema>
/** the spec's MessageFilter: `startDate`, `endDate`, `messageIds` */
export type MessageFilter = z.input<typeof messageFilterSchema>
export type CloneCallOptions = z.input<typeof cloneCallOptionsSchema>

/** Clone arguments after validation, with defaults applied. */
export type ParsedCloneArgs = {
  sourceThreadId: string
  newThreadId: string | undefined
  resourceId: string | undefined
  title: string | undefined
  metadata: Record<string, unknown> | undefined
  filter: { startDate?: Date; endDate?: Date; messageIds?: string[]; last?: number }
  boundary: CloneBoundary
  returnMessages: boolean
  returnMessageIdMap: boolean
  derivedMemory: DerivedMemoryMode
  /** null: any resource */
  sourceResourceIds: string[] | null
  /** null: none to commit with the clone */
  audit: AuditRecord | null
}

/** Clone arguments: problems under `options` are InvalidCloneOptionsError, the rest InvalidInputError. */
const invalidCloneInput: InputErrorFactory = (issues) => {
  const { path, message } = issues[0]
  return path === 'options' || path.startsWith('options.')
    ? new InvalidCloneOptionsError(path, message, issues)
    : new InvalidInputError(path || 'input', message, { issues })
}

/**
 * Validates cloneThread/previewClone input (decision 4): typed errors naming the
 * field, thrown before anything is read or written. `messageIds: []` means no
 * id filter; `messageLimit: 0` means no limit.
 */
export function parseCloneArgs(args: unknown, callOptions?: unknown): ParsedCloneArgs {
  const parsed = parseInput(cloneThreadArgsSchema, args, { error: invalidCloneInput })
  const call = parseInput(cloneCallOptionsSchema, callOptions, { root: 'options', error: invalidCloneInput })
  const filter = parsed.options?.messageFilter ?? {}
  if (filter.startDate && filter.endDate && filter.startDate.getTime() > filter.endDate.getTime()) {
    throw new InvalidCloneOptionsError('options.messageFilter.startDate', 'must not be after endDate')
  }
  const messageIds = filter.messageIds === undefined ? [] : [...new Set(filter.messageIds)]
  const limit = parsed.options?.messageLimit
  return {
    sourceThreadId: parsed.sourceThreadId,
    newThreadId: parsed.newThreadId,
    resourceId: parsed.resourceId,
    title: parsed.title,
    metadata: parsed.metadata,
    filter: {
      ...(filter.startDate ? { startDate: filter.startDate } : {}),
      ...(filter.endDate ? { endDate: filter.endDate } : {}),
      ...(messageIds.length > 0 ? { messageIds } : {}),
      ...(limit === undefined ? {} : { last: limit }),
    },
    boundary: parsed.options?.boundary ?? 'exact',
    returnMessages: call?.returnMessages ?? parsed.options?.returnMessages ?? true,
    returnMessageIdMap: call?.returnMessageIdMap ?? true,
    derivedMemory: parsed.options?.derivedMemory ?? 'current',
    sourceResourceIds: call?.sourceResourceIds ?? null,
    audit: call?.audit ?? null,
  }
}

export function hasMessageFilter(filter: ParsedCloneArgs['filter']): boolean {
  return Object.keys(filter).length > 0
}
