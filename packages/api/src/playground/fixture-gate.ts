// A saved rule's fixtures (its own and those recorded from real calls) run in
// the sandbox worker pool, never on the request thread; an enabled rule must
// pass them all (the choice: enabling is BLOCKED, not warned: docs/llm-calls.md, "Save as fixture").
import { TRPCError } from '@trpc/server'
import type { Services } from '../services.ts'
import type { FixtureResult, RuleFixture } from './fixtures.ts'

export type FixtureRun = { passed: boolean; results: (FixtureResult & { recordedFixtureId: string | null })[] }

type RuleCode = { id?: string; code: string; name: string; errorPatterns: string[] }

/** Runs the rule's own fixtures, then its recorded ones (a new rule has none). */
export async function runAllFixtures(services: Services, callerKey: string, rule: RuleCode, own: RuleFixture[]): Promise<FixtureRun> {
  const recorded = rule.id === undefined ? [] : await services.recordedFixtures.list(rule.id)
  const fixtures = [...own, ...recorded.map((entry) => entry.fixture)]
  if (fixtures.length === 0) return { passed: true, results: [] }
  const job = { op: 'runFixtures', rule: { code: rule.code, name: rule.name, errorPatterns: rule.errorPatterns }, fixtures } as const
  const report = (await services.playground.run(callerKey, job)) as { passed: boolean; results: FixtureResult[] }
  const results = report.results.map((result, index) => ({ ...result, recordedFixtureId: recorded[index - own.length]?.id ?? null }))
  return { passed: report.passed, results }
}

/** Refuses to save a rule enabled while one of its fixtures fails (PRECONDITION_FAILED naming them). */
export function requirePassingFixtures(run: FixtureRun, ruleName: string): void {
  const failing = run.results.filter((result) => !result.passed)
  if (failing.length === 0) return
  const names = failing.map((result) => `"${result.name}" (${result.failures.join('; ')})`).join(', ')
  throw new TRPCError({
    code: 'PRECONDITION_FAILED',
    message: `"${ruleName}" cannot be enabled; failing fixtures: ${names}. Fix the rule, or save it disabled.`,
  })
}

export type FixtureHealth = { ruleId: string; passed: boolean; failing: string[] }

type SavedRuleCode = RuleCode & { id: string; fixtures: RuleFixture[] }

/**
 * Runs a saved rule's fixtures and stores which fail: called when the rule is saved, and when it or one of
 * its fixtures changes, so fixtureHealth reads the stored result instead of running every fixture on each load.
 */
export async function checkSavedRuleFixtures(services: Services, callerKey: string, rule: SavedRuleCode): Promise<FixtureRun> {
  const run = await runAllFixtures(services, callerKey, rule, rule.fixtures)
  await services.rules.recordFixtureHealth(rule.id, failingNames(run))
  return run
}

/**
 * After a save or a change of the rule or its fixtures: the stored result is cleared, then stored anew. A
 * busy sandbox pool does not fail the save: the rule stays unchecked, and the next fixtureHealth runs it.
 */
export async function refreshFixtureHealth(services: Services, callerKey: string, rule: SavedRuleCode): Promise<void> {
  await services.rules.recordFixtureHealth(rule.id, null)
  try {
    await checkSavedRuleFixtures(services, callerKey, rule)
  } catch (error) {
    if (!(error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS')) throw error
  }
}

function failingNames(run: FixtureRun): string[] {
  return run.results.filter((result) => !result.passed).map((result) => result.name)
}

/** Each saved rule's failing fixtures as stored; a rule never checked (saved before they were stored) is run once now. */
export async function fixtureHealth(services: Services, callerKey: string): Promise<FixtureHealth[]> {
  const health: FixtureHealth[] = []
  for (const rule of await services.rules.list()) {
    const failing = rule.fixturesCheckedAt === null ? failingNames(await checkSavedRuleFixtures(services, callerKey, rule)) : rule.fixturesFailing
    health.push({ ruleId: rule.id, passed: failing.length === 0, failing })
  }
  return health
}
