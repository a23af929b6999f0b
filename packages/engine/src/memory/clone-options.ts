import { z } from 'zod'
import { InvalidCloneOptionsError } from '../errors/index.ts'
import { dateInputSchema, idSchema, metadataSchema } from './input-schemas.ts'
import { invalidCloneInput, parseInput } from './parse-input.ts'

/**
 * How a partial clone treats conversation structure at its edges:
 * - 'exact' (default, the spec's behaviour): exactly the filtered messages;
 * - 'expand': widen the selection so no tool call is cut from its result and it
 *   does not start on an assistant turn cut from its user message;
 * - 'trim': narrow it instead (drop the orphaned half of a tool pair, leading assistant turns).
 */
export type CloneBoundary = 'exact' | 'expand' | 'trim'

const messageFilterSchema = z.strictObject({
  startDate: dateInputSchema.optional(),
  endDate: dateInputSchema.optional(),
  messageIds: z.array(idSchema).optional(),
})

const cloneOptionsSchema = z.strictObject({
  /** the LAST n messages after filtering; applies when > 0 (0 = no limit, decision 3) */
  messageLimit: z.number({ error: 'must be a number' }).int('must be an integer').nonnegative('must not be negative').optional(),
  messageFilter: messageFilterSchema.optional(),
  boundary: z.enum(['exact', 'expand', 'trim']).optional(),
  /** false: do not read the cloned messages back (`clonedMessages` is []) */
  returnMessages: z.boolean().optional(),
})

export const cloneThreadArgsSchema = z.strictObject({
  sourceThreadId: idSchema,
  newThreadId: idSchema.optional(),
  resourceId: idSchema.optional(),
  title: z.string().optional(),
  metadata: metadataSchema.optional(),
  options: cloneOptionsSchema.optional(),
})

export const cloneCallOptionsSchema = z.strictObject({ returnMessages: z.boolean().optional() }).optional()

export type CloneThreadArgs = z.input<typeof cloneThreadArgsSchema>
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
  const limit = parsed.options?.messageLimit ?? 0
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
      ...(limit > 0 ? { last: limit } : {}),
    },
    boundary: parsed.options?.boundary ?? 'exact',
    returnMessages: call?.returnMessages ?? parsed.options?.returnMessages ?? true,
  }
}

export function hasMessageFilter(filter: ParsedCloneArgs['filter']): boolean {
  return Object.keys(filter).length > 0
}
