import { builtInCompatRules, exactlyOneOf, givenFields, storedMessagesSchema, toPrompt, type RetryDecision } from '@threadline/engine'
import { CUSTOM_RULE_TEMPLATE, exportSandboxedRulesAsCode } from '@threadline/engine/sandbox'
import { z } from 'zod'
import type { ErrorEvaluation, PromptEvaluation } from '../playground/evaluate.ts'
import { promptInput, threadIdInput } from '../inputs.ts'
import { TRPCError } from '@trpc/server'
import { customRuleInput, type RuleSource } from '../playground/custom-rules.ts'
import { modelInput } from '../playground/fixtures.ts'
import { checkSavedRuleFixtures, fixtureHealth, refreshFixtureHealth, requirePassingFixtures, runAllFixtures } from '../playground/fixture-gate.ts'
import { providerErrorInput } from '../playground/provider-error.ts'
import { retryOptionsInput } from '../playground/retry-options.ts'
import { recordedFixturesRouter } from './playground-fixtures.ts'
import { switchCheckRouter } from '../playground/switch-check/switch-check-router.ts'
import { createRuleInput, updateRuleInput } from '../playground/rule-store.ts'
import { threadWindow, threadWindowInput } from '../playground/thread-window.ts'
import { authedProcedure, operatorProcedure, router, type Context } from '../trpc.ts'
import { callerKey, canRunRules, type Caller } from '../auth/caller.ts'
import { auditCaller } from '../audit/record-audit.ts'

const builtInRuleNames = z.array(z.enum(builtInCompatRules.map((rule) => rule.name) as [string, ...string[]])).max(20)

const rulesChoice = {
  /** built-in rules to run (by name); all when omitted */
  builtInRules: builtInRuleNames.optional(),
  /** custom rules after the built-ins, in order: saved ones by id, or code run in the sandbox */
  customRules: z.array(customRuleInput).max(20).default([]),
}

const runPromptInput = z.strictObject({
  source: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('prompt'), prompt: promptInput }),
    /** a stored thread, converted to the prompt the agent would send */
    z.strictObject({ kind: z.literal('thread'), threadId: threadIdInput, instructions: z.string().max(100_000).optional(), ...threadWindowInput }),
  ]),
  model: modelInput,
  ...rulesChoice,
})

const runErrorInput = exactlyOneOf(
  z.strictObject({
    /** the stored messages a fix would repair: a window of a thread's (nothing is saved) or given as JSON */
    threadId: threadIdInput.optional(),
    ...threadWindowInput,
    messages: storedMessagesSchema.max(10_000).optional(),
    error: providerErrorInput,
    model: modelInput,
    retryOptions: retryOptionsInput,
    retryCount: z.number().int().min(0).max(10).default(0),
    ...rulesChoice,
  }),
  'threadId',
  'messages',
)

const retryDecisionInput = z.strictObject({
  error: providerErrorInput,
  options: retryOptionsInput,
  retryCount: z.number().int().min(0).max(10).default(0),
  model: modelInput.default('openai/gpt-4o'),
})

/** The custom rules' sources; running rule code takes an operator or a token with the `playground` scope. */
async function customRuleSources(ctx: Context & { caller: Caller }, inputs: z.output<typeof customRuleInput>[]): Promise<RuleSource[]> {
  if (inputs.length > 0 && !canRunRules(ctx.caller)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Running custom rules needs an operator or an API token with the "playground" scope' })
  }
  return ctx.services.rules.resolveCustom(inputs)
}

/** A playground run that ran custom rule code is a `rule.run` (built-in rules alone are not audited). */
async function auditCustomRuleRun(
  ctx: Context & { caller: Caller },
  rules: RuleSource[],
  run: 'prompt' | 'error',
  threadId: string | undefined,
): Promise<void> {
  if (rules.length === 0) return
  const savedIds = rules.flatMap((rule) => (rule.ruleId === null ? [] : [rule.ruleId]))
  await auditCaller(ctx, {
    action: 'rule.run',
    threadId,
    ...(savedIds.length === 1 ? { targetId: savedIds[0] } : {}),
    details: { run, rules: rules.map((rule) => rule.name ?? 'unnamed').join(', '), savedRules: savedIds.length, inlineRules: rules.length - savedIds.length },
  })
}

const rulesRouter = router({
  list: operatorProcedure.query(({ ctx }) => ctx.services.rules.list()),
  get: operatorProcedure.input(z.object({ id: z.string().min(1) })).query(({ ctx, input }) => ctx.services.rules.get(input.id)),
  /**
   * Saves a rule; its code must compile in the sandbox (BAD_REQUEST naming `code` otherwise). An enabled
   * rule must pass its fixtures (PRECONDITION_FAILED naming the failing ones): save it disabled to keep working on it.
   */
  create: operatorProcedure.input(createRuleInput).mutation(async ({ ctx, input }) => {
    if (input.enabled) requirePassingFixtures(await runAllFixtures(ctx.services, callerKey(ctx.caller), input, input.fixtures), input.name)
    const rule = await ctx.services.rules.create(input)
    await refreshFixtureHealth(ctx.services, callerKey(ctx.caller), rule)
    await auditCaller(ctx, { action: 'rule.create', targetId: rule.id, details: { name: rule.name } })
    return rule
  }),
  /** Enabling a rule, or changing the code or patterns of an enabled one, runs all its fixtures first (as `create`). */
  update: operatorProcedure.input(updateRuleInput).mutation(async ({ ctx, input }) => {
    if (input.enabled === true || input.code !== undefined || input.errorPatterns !== undefined) {
      const current = await ctx.services.rules.get(input.id)
      const next = { ...current, ...givenFields({ name: input.name, code: input.code, errorPatterns: input.errorPatterns, enabled: input.enabled }) }
      if (next.enabled) requirePassingFixtures(await runAllFixtures(ctx.services, callerKey(ctx.caller), next, input.fixtures ?? current.fixtures), next.name)
    }
    const rule = await ctx.services.rules.update(input)
    if (input.code !== undefined || input.errorPatterns !== undefined || input.fixtures !== undefined || input.name !== undefined)
      await refreshFixtureHealth(ctx.services, callerKey(ctx.caller), rule)
    await auditCaller(ctx, { action: 'rule.update', targetId: rule.id, details: { name: rule.name, ...givenFields({ enabled: input.enabled }) } })
    return rule
  }),
  delete: operatorProcedure.input(z.object({ id: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    // looked up first: the audit entry names the rule it deleted
    const rule = await ctx.services.rules.get(input.id)
    await ctx.services.rules.delete(input.id)
    await auditCaller(ctx, { action: 'rule.delete', targetId: input.id, details: { name: rule.name } })
    return { deleted: input.id }
  }),
  /** Runs the rule's fixtures (regression tests: its own, then those recorded from calls) against the rule alone. */
  runFixtures: operatorProcedure.input(z.object({ id: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    const saved = await ctx.services.rules.get(input.id)
    const report = await checkSavedRuleFixtures(ctx.services, callerKey(ctx.caller), saved)
    await auditCaller(ctx, { action: 'rule.run', targetId: saved.id, details: { name: saved.name, run: 'fixtures', passed: report.passed } })
    return { ruleId: saved.id, ...report }
  }),
  /** Each saved rule's failing fixtures, as stored when they last ran (at save, or a change): the playground flags the rule. */
  fixtureHealth: operatorProcedure.query(({ ctx }) => fixtureHealth(ctx.services, callerKey(ctx.caller))),
  /** The saved rules as a module an app checks in (`additionalRules`), running in the same sandbox. */
  exportCode: operatorProcedure.query(async ({ ctx }) => ({ code: exportSandboxedRulesAsCode(await ctx.services.rules.list()) })),
})

export const playgroundRouter = router({
  /** The rule editor's starting code and the built-in rules' names. */
  template: authedProcedure.query(() => ({ code: CUSTOM_RULE_TEMPLATE, builtInRules: builtInCompatRules.map((rule) => rule.name) })),

  /** The prompt a target model would receive after the proactive rules, and what each rule did. */
  runPrompt: authedProcedure.input(runPromptInput).mutation(async ({ ctx, input }) => {
    // a window of a stored thread's messages goes along: the reactive rules say whether their fix would change them
    const { source } = input
    const window = source.kind === 'thread' ? await threadWindow(ctx, source.threadId, source) : null
    const messages = window?.messages ?? null
    const prompt = source.kind === 'prompt' ? source.prompt : toPrompt(messages ?? [], { instructions: source.instructions })
    const customRules = await customRuleSources(ctx, input.customRules)
    const job = { op: 'runPrompt', builtInRules: input.builtInRules, customRules, prompt, messages, model: input.model } as const
    const evaluation = (await ctx.services.playground.run(callerKey(ctx.caller), job)) as PromptEvaluation
    await auditCustomRuleRun(ctx, customRules, 'prompt', source.kind === 'thread' ? source.threadId : undefined)
    return { ...evaluation, truncated: window?.truncated ?? null }
  }),

  /** A provider error against stored messages: which reactive rules match, what their fix changes (nothing is saved), and the retry decision. */
  runError: authedProcedure.input(runErrorInput).mutation(async ({ ctx, input }) => {
    const { messages, truncated } =
      input.threadId === undefined ? { messages: input.messages, truncated: null } : await threadWindow(ctx, input.threadId, input)
    const customRules = await customRuleSources(ctx, input.customRules)
    const job = {
      op: 'runError',
      builtInRules: input.builtInRules,
      customRules,
      error: input.error,
      messages,
      model: input.model,
      retryOptions: input.retryOptions,
      retryCount: input.retryCount,
    } as const
    const evaluation = (await ctx.services.playground.run(callerKey(ctx.caller), job)) as ErrorEvaluation
    await auditCustomRuleRun(ctx, customRules, 'error', input.threadId)
    return { ...evaluation, truncated }
  }),

  /** What StreamErrorRetryProcessor decides for an error: retry or not, why, and the delay with its source. */
  retryDecision: authedProcedure.input(retryDecisionInput).mutation(async ({ ctx, input }) => {
    const job = { op: 'retryDecision', error: input.error, options: input.options, retryCount: input.retryCount, model: input.model } as const
    return (await ctx.services.playground.run(callerKey(ctx.caller), job)) as RetryDecision
  }),

  rules: rulesRouter,
  fixtures: recordedFixturesRouter,
  switchCheck: switchCheckRouter,
})
