import { builtInCompatRules, decideRetry, InvalidInputError, storedMessagesSchema, toPrompt, type StoredMessage } from '@threadline/engine'
import { CUSTOM_RULE_TEMPLATE, exportSandboxedRulesAsCode } from '@threadline/engine/sandbox'
import { z } from 'zod'
import { promptInput, threadIdInput } from '../inputs.ts'
import { customRuleInput } from '../playground/custom-rules.ts'
import { evaluateError, evaluatePrompt, ruleSet } from '../playground/evaluate.ts'
import { modelInput, runRuleFixtures } from '../playground/fixtures.ts'
import { providerErrorInput, toProviderError } from '../playground/provider-error.ts'
import { resolveRetryOptions, retryOptionsInput } from '../playground/retry-options.ts'
import { compileSavedRule, createRuleInput, updateRuleInput } from '../playground/rule-store.ts'
import { threadInScope } from '../scope.ts'
import type { Services } from '../services.ts'
import { authedProcedure, operatorProcedure, router, type Context } from '../trpc.ts'
import type { Caller } from '../auth/caller.ts'

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
    z.strictObject({ kind: z.literal('thread'), threadId: threadIdInput, instructions: z.string().max(100_000).optional() }),
  ]),
  model: modelInput,
  ...rulesChoice,
})

const runErrorInput = z
  .strictObject({
    /** the stored messages a fix would repair: a thread's (nothing is saved) or given as JSON */
    threadId: threadIdInput.optional(),
    messages: storedMessagesSchema.max(10_000).optional(),
    error: providerErrorInput,
    model: modelInput,
    retryOptions: retryOptionsInput,
    retryCount: z.number().int().min(0).max(10).default(0),
    ...rulesChoice,
  })
  .refine((input) => (input.threadId === undefined) !== (input.messages === undefined), {
    error: 'give either threadId or messages',
    path: ['threadId'],
  })

const retryDecisionInput = z.strictObject({
  error: providerErrorInput,
  options: retryOptionsInput,
  retryCount: z.number().int().min(0).max(10).default(0),
  model: modelInput.default('openai/gpt-4o'),
})

async function threadMessages(ctx: Context & { caller: Caller }, threadId: string): Promise<StoredMessage[]> {
  const thread = await threadInScope(ctx.services, ctx.caller, threadId)
  return ctx.services.memory.listMessages({ threadId: thread.id })
}

function chosenRules(services: Services, input: { builtInRules?: string[] | undefined; customRules: z.output<typeof customRuleInput>[] }) {
  return services.rules.resolveCustom(input.customRules).then((custom) => ruleSet(input.builtInRules, custom))
}

const rulesRouter = router({
  list: operatorProcedure.query(({ ctx }) => ctx.services.rules.list()),
  get: operatorProcedure.input(z.object({ id: z.string().min(1) })).query(({ ctx, input }) => ctx.services.rules.get(input.id)),
  /** Saves a rule; its code must compile in the sandbox (BAD_REQUEST naming `code` otherwise). */
  create: operatorProcedure.input(createRuleInput).mutation(({ ctx, input }) => ctx.services.rules.create(input)),
  update: operatorProcedure.input(updateRuleInput).mutation(({ ctx, input }) => ctx.services.rules.update(input)),
  delete: operatorProcedure.input(z.object({ id: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    await ctx.services.rules.delete(input.id)
    return { deleted: input.id }
  }),
  /** Runs the rule's saved fixtures (regression tests) against the rule alone. */
  runFixtures: operatorProcedure.input(z.object({ id: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    const saved = await ctx.services.rules.get(input.id)
    const results = await runRuleFixtures(await compileSavedRule(saved), saved.fixtures)
    return { ruleId: saved.id, passed: results.every((result) => result.passed), results }
  }),
  /** The saved rules as a module an app checks in (`additionalRules`), running in the same sandbox. */
  exportCode: operatorProcedure.query(async ({ ctx }) => ({ code: exportSandboxedRulesAsCode(await ctx.services.rules.list()) })),
})

export const playgroundRouter = router({
  /** The rule editor's starting code and the built-in rules' names. */
  template: authedProcedure.query(() => ({ code: CUSTOM_RULE_TEMPLATE, builtInRules: builtInCompatRules.map((rule) => rule.name) })),

  /** The prompt a target model would receive after the proactive rules, and what each rule did. */
  runPrompt: authedProcedure.input(runPromptInput).mutation(async ({ ctx, input }) => {
    if (input.source.kind === 'prompt') return evaluatePrompt(await chosenRules(ctx.services, input), input.source.prompt, input.model)
    const messages = await threadMessages(ctx, input.source.threadId)
    const prompt = toPrompt(messages, { instructions: input.source.instructions })
    return evaluatePrompt(await chosenRules(ctx.services, input), prompt, input.model, messages)
  }),

  /** A provider error against stored messages: which reactive rules match, what their fix changes (nothing is saved), and the retry decision. */
  runError: authedProcedure.input(runErrorInput).mutation(async ({ ctx, input }) => {
    const messages = input.threadId !== undefined ? await threadMessages(ctx, input.threadId) : input.messages
    // the input's check refuses neither as well as both
    if (messages === undefined) throw new InvalidInputError('threadId', 'give either threadId or messages')
    return evaluateError({
      set: await chosenRules(ctx.services, input),
      error: toProviderError(input.error),
      messages,
      model: input.model,
      retryOptions: await resolveRetryOptions(input.retryOptions),
      retryCount: input.retryCount,
    })
  }),

  /** What StreamErrorRetryProcessor decides for an error: retry or not, why, and the delay with its source. */
  retryDecision: authedProcedure.input(retryDecisionInput).mutation(async ({ input }) => {
    return decideRetry(
      { error: toProviderError(input.error), messages: [], retryCount: input.retryCount, stepNumber: 0, state: {}, model: input.model },
      await resolveRetryOptions(input.options),
    )
  }),

  rules: rulesRouter,
})
