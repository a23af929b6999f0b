// The audit log, for operators only (an API token gets FORBIDDEN): who did
// what, when and from where, newest first, filtered and paged by cursor.
import { z } from 'zod'
import { auditActions } from '../audit/audit-actions.ts'
import { idInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import { operatorProcedure, router } from '../trpc.ts'

const instant = z.iso.datetime({ offset: true }).transform((text) => new Date(text))

const listInput = z
  .strictObject({
    actorId: idInput.optional(),
    action: z.enum(auditActions).optional(),
    resourceId: resourceIdInput.optional(),
    threadId: threadIdInput.optional(),
    /** ISO 8601; entries at or after it */
    from: instant.optional(),
    /** ISO 8601; entries before it */
    to: instant.optional(),
    /** the previous page's nextCursor (at most 18 digits: within PostgreSQL's bigint) */
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,17}$/, 'is not a cursor this list gave')
      .optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .refine((input) => input.from === undefined || input.to === undefined || input.from < input.to, {
    error: 'must be later than from',
    path: ['to'],
  })

const MAX_ACTOR_CHOICES = 200

export const auditRouter = router({
  /** Entries newest first; `nextCursor` asks for the next (older) page, null on the last. */
  list: operatorProcedure.input(listInput).query(({ ctx, input }) => ctx.services.audit.list(input)),

  /** The actors seen in the log (most recent first), with their latest name: the page's actor filter. */
  actors: operatorProcedure.query(({ ctx }) => ctx.services.audit.actors(MAX_ACTOR_CHOICES)),

  /** The action names the log records. */
  actions: operatorProcedure.query(() => auditActions),
})
