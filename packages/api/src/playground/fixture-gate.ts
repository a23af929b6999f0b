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
    message: `"${ruleName}" cannot be enabled: ${failing.length} fixture(s) fail: ${names}. Fix the rule, or save it disabled.`,
  })
}

export type FixtureHealth = { ruleId: string; passed: boolean; failing: string[] }

/** Every saved rule's fixtures run (one rule after the other on the caller's pool share): the failing ones named per rule. */
export async function fixtureHealth(services: Services, callerKey: string): Promise<FixtureHealth[]> {
  const health: FixtureHealth[] = []
  for (const rule of await services.rules.list()) {
    const run = await runAllFixtures(services, callerKey, rule, rule.fixtures)
    health.push({ ruleId: rule.id, passed: run.passed, failing: run.results.filter((result) => !result.passed).map((result) => result.name) })
  }
  return health
}
