// playground.switchCheck: every provider family's verdict on a thread's newest
// messages (the table), one family's compiler diff, and one family's compiled
// continuation. The work runs in the playground's worker pool, never on the
// server's thread; the window is bounded (newest messages, byte budget) and
// each answer says how much of the thread it covers.
import type { StoredMessage } from '@threadline/engine'
import { z } from 'zod'
import { threadIdInput } from '../../inputs.ts'
import { authedProcedure, router, type AuthedContext } from '../../trpc.ts'
import { callerKey } from '../../auth/caller.ts'
import type { PromptEvaluation } from '../evaluate.ts'
import { newestThreadWindow, PLAYGROUND_WINDOW_DEFAULT_MESSAGES, PLAYGROUND_WINDOW_MAX_MESSAGES } from '../thread-window.ts'
import { switchCheckRowSchema, type SwitchCheckJob, type SwitchCheckRun } from './switch-check-job.ts'

const switchCheckInput = z.strictObject({
  threadId: threadIdInput,
  /** the newest messages checked */
  limit: z.number().int().min(1).max(PLAYGROUND_WINDOW_MAX_MESSAGES).default(PLAYGROUND_WINDOW_DEFAULT_MESSAGES),
})

/** A family of the switch matrix by name (an unknown one is BAD_REQUEST from the worker, listing the families). */
const familyInput = switchCheckInput.extend({ family: z.string().regex(/^[a-z][a-z-]{0,39}$/) })

/** How much of the thread a check covers: its newest `checked` messages of `total`. */
export type SwitchCheckWindow = { checked: number; total: number }

/** The job on the thread's newest window, in the worker pool; its value is the job's (typed by the caller). */
async function runJob(
  ctx: AuthedContext,
  input: z.output<typeof switchCheckInput>,
  job: (messages: StoredMessage[]) => SwitchCheckJob,
): Promise<{ window: SwitchCheckWindow; value: unknown }> {
  const { messages, total } = await newestThreadWindow(ctx, input.threadId, input.limit)
  const value = await ctx.services.playground.run(callerKey(ctx.caller), job(messages))
  return { window: { checked: messages.length, total }, value }
}

export const switchCheckRouter = router({
  /**
   * Per family: the newest messages sent as stored (no compiler) to its strict
   * loopback dialect, the rules that would change them, and what the compiled
   * prompt would lose (nothing, or the texts and calls by rule).
   */
  families: authedProcedure.input(switchCheckInput).mutation(async ({ ctx, input }) => {
    const { window, value } = await runJob(ctx, input, (messages) => ({ op: 'switchCheckTable', messages }))
    return { window, families: z.array(switchCheckRowSchema).parse(value) }
  }),
  /** One family's compiler run on the same messages: each rule's change, the prompt before and after. */
  diff: authedProcedure.input(familyInput).mutation(async ({ ctx, input }) => {
    const { window, value } = await runJob(ctx, input, (messages) => ({ op: 'switchCheckDiff', messages, family: input.family }))
    return { window, ...(value as PromptEvaluation) }
  }),
  /** The compiled continuation sent once to the family's strict loopback dialect: accepted, or its verbatim error body. */
  run: authedProcedure.input(familyInput).mutation(async ({ ctx, input }) => {
    const { window, value } = await runJob(ctx, input, (messages) => ({ op: 'switchCheckRun', messages, family: input.family }))
    return { window, ...(value as SwitchCheckRun) }
  }),
})
