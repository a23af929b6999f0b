// Example fixtures saved with a custom rule: regression tests of the rule
// alone, run through the same engine evaluation as the playground.
import { isDeepStrictEqual } from 'node:util'
import { storedMessagesSchema } from '@threadline/engine'
import type { SandboxedCompatRule } from '@threadline/engine/sandbox'
import { z } from 'zod'
import { promptInput } from '../inputs.ts'
import { evaluateError, evaluatePrompt, ruleSet, type RuleSet } from './evaluate.ts'
import { providerErrorInput, toProviderError } from './provider-error.ts'
import { resolveRetryOptions } from './retry-options.ts'

export const modelInput = z
  .string()
  .trim()
  .regex(/^[^/\s]+\/\S+$/, "must be a 'provider/model' string, e.g. 'cerebras/gpt-oss-120b'")
  .max(200)

const promptFixture = z.strictObject({
  name: z.string().trim().min(1).max(200),
  kind: z.literal('prompt'),
  model: modelInput,
  prompt: promptInput,
  expect: z.strictObject({
    /** the rule rewrites this prompt */
    fires: z.boolean(),
    /** and the prompt it must produce, when given */
    prompt: promptInput.optional(),
  }),
})

const errorFixture = z.strictObject({
  name: z.string().trim().min(1).max(200),
  kind: z.literal('error'),
  model: modelInput,
  error: providerErrorInput,
  messages: storedMessagesSchema,
  expect: z.strictObject({
    /** one of the rule's errorPatterns matches the error */
    matches: z.boolean(),
    /** its fix changes the messages */
    fixes: z.boolean().optional(),
    /** and the messages it must leave, when given */
    messages: storedMessagesSchema.optional(),
  }),
})

export const ruleFixturesInput = z.array(z.discriminatedUnion('kind', [promptFixture, errorFixture])).max(100)

export type RuleFixture = z.output<typeof ruleFixturesInput>[number]

export type FixtureResult = { name: string; kind: RuleFixture['kind']; passed: boolean; failures: string[] }

/** Compared as JSON: dates as ISO strings, as the fixture was stored. */
function sameJson(actual: unknown, expected: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(actual)), JSON.parse(JSON.stringify(expected)))
}

/** A fixture runs its rule alone: the evaluation reports exactly that rule. */
function onlyReport<Report>(reports: Report[]): Report {
  const [report] = reports
  if (report === undefined) throw new Error('a fixture run reported no rule')
  return report
}

async function runFixture(set: RuleSet, fixture: RuleFixture): Promise<FixtureResult> {
  const failures: string[] = []
  if (fixture.kind === 'prompt') {
    const { rules, finalPrompt } = evaluatePrompt(set, fixture.prompt, fixture.model)
    const report = onlyReport(rules)
    if (report.error) failures.push(`the rule failed: ${report.error.message}`)
    if (report.fired !== fixture.expect.fires)
      failures.push(fixture.expect.fires ? 'expected the rule to rewrite the prompt; it did not' : 'expected no rewrite; the rule rewrote the prompt')
    if (fixture.expect.prompt !== undefined && !sameJson(finalPrompt, fixture.expect.prompt))
      failures.push('the rewritten prompt differs from the expected prompt')
  } else {
    const evaluation = await evaluateError({
      set,
      error: toProviderError(fixture.error),
      messages: fixture.messages,
      model: fixture.model,
      retryOptions: await resolveRetryOptions({}),
      retryCount: 0,
    })
    const report = onlyReport(evaluation.rules)
    if (report.error) failures.push(`the rule's fix failed: ${report.error.message}`)
    if (report.matched !== fixture.expect.matches)
      failures.push(fixture.expect.matches ? 'expected an error pattern to match; none did' : 'expected no pattern to match; one did')
    if (fixture.expect.fixes !== undefined && (report.fix === 'fixed') !== fixture.expect.fixes) {
      failures.push(
        fixture.expect.fixes ? 'expected the fix to change the messages; it did not' : 'expected the fix to leave the messages alone; it changed them',
      )
    }
    if (fixture.expect.messages !== undefined && !sameJson(evaluation.after, fixture.expect.messages))
      failures.push('the repaired messages differ from the expected messages')
  }
  return { name: fixture.name, kind: fixture.kind, passed: failures.length === 0, failures }
}

/** Runs each fixture against the rule alone (no built-ins), in order. */
export async function runRuleFixtures(rule: SandboxedCompatRule, fixtures: readonly RuleFixture[]): Promise<FixtureResult[]> {
  const set = ruleSet([], [{ name: rule.name, ruleId: null, rule, compileError: null, runs: [] }])
  const results: FixtureResult[] = []
  for (const fixture of fixtures) results.push(await runFixture(set, fixture))
  return results
}
