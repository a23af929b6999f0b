// "Save as fixture" (issue 14): a failed attempt of a recorded call becomes a
// regression fixture of a saved rule; operator-only, like the saved rules
// (the fixture carries a tenant's messages, the rules are everyone's).
import type { StoredMessage } from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { idInput } from '../inputs.ts'
import { fixtureExpectInput, fixtureFromCall } from '../playground/fixture-from-call.ts'
import type { Services } from '../services.ts'
import { auditCaller } from '../audit/record-audit.ts'
import { callerKey } from '../auth/caller.ts'
import { checkSavedRuleFixtures, refreshFixtureHealth } from '../playground/fixture-gate.ts'
import { operatorProcedure, router } from '../trpc.ts'

const saveFromCallInput = z.strictObject({
  callId: idInput,
  attempt: z.number().int().min(1).max(100),
  /** the saved rule that must handle this case from now on */
  ruleId: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(200),
  expect: fixtureExpectInput,
})

/** The thread's messages now, or null when the thread is gone (or never existed: a failed first turn). */
async function threadMessages(services: Services, threadId: string | null): Promise<StoredMessage[] | null> {
  if (threadId === null || (await services.memory.getThreadById({ threadId })) === null) return null
  return services.memory.listMessages({ threadId })
}

export const recordedFixturesRouter = router({
  /** The fixtures recorded from calls for one saved rule. */
  list: operatorProcedure.input(z.object({ ruleId: z.string().min(1).max(200) })).query(async ({ ctx, input }) => {
    await ctx.services.rules.get(input.ruleId)
    return ctx.services.recordedFixtures.list(input.ruleId)
  }),

  /**
   * Stores attempt `attempt` of a recorded call (its error status, headers, body and the messages) as a fixture of a saved rule;
   * `check` says whether the rule handles it now (a rule whose patterns can never match the error fails it).
   */
  saveFromCall: operatorProcedure.input(saveFromCallInput).mutation(async ({ ctx, input }) => {
    const rule = await ctx.services.rules.get(input.ruleId)
    const call = await ctx.services.calls.get(input.callId)
    if (call === null) throw new TRPCError({ code: 'NOT_FOUND', message: `LLM call "${input.callId}" not found` })
    const fixture = fixtureFromCall({
      call,
      attempt: input.attempt,
      name: input.name,
      expect: input.expect,
      threadMessages: await threadMessages(ctx.services, call.threadId),
    })
    const saved = await ctx.services.recordedFixtures.add({ ruleId: rule.id, sourceCallId: call.id, sourceAttempt: input.attempt, fixture })
    await auditCaller(ctx, {
      action: 'rule.fixture.save',
      targetId: rule.id,
      details: { name: rule.name, fixture: saved.fixture.name, fixtureId: saved.id, callId: call.id, attempt: input.attempt },
    })
    // saved either way (a failing real case is how a rule's gap gets recorded), but the operator is told when the rule does not handle it
    // all the rule's fixtures run (their stored result changes with the new one); the answer is the new one's
    const run = await checkSavedRuleFixtures(ctx.services, callerKey(ctx.caller), rule)
    const failures = run.results.filter((result) => result.recordedFixtureId === saved.id).flatMap((result) => result.failures)
    return { ...saved, check: { passed: failures.length === 0, failures } }
  }),

  /** Deletes one recorded fixture (the rule keeps the others). */
  delete: operatorProcedure.input(z.object({ id: z.string().min(1).max(200) })).mutation(async ({ ctx, input }) => {
    const deleted = await ctx.services.recordedFixtures.delete(input.id)
    await refreshFixtureHealth(ctx.services, callerKey(ctx.caller), await ctx.services.rules.get(deleted.ruleId))
    await auditCaller(ctx, {
      action: 'rule.fixture.delete',
      targetId: deleted.ruleId,
      details: { name: deleted.ruleName, fixture: deleted.name, fixtureId: input.id },
    })
    return { deleted: input.id }
  }),
})
