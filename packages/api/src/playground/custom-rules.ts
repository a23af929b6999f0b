// Custom rules chosen for a playground run: saved ones (by id) or code typed
// in the editor, compiled into sandboxed CompatRules. A rule that does not
// compile (syntax, invalid export, top-level loop, ...) is reported, not thrown.
import { errorPatternSourcesSchema, ruleNameSchema, ruleSourceSchema } from '@threadline/engine'
import { compileSandboxedRule, SandboxedRuleError, type SandboxedCompatRule, type SandboxedRuleRun, type SandboxLog } from '@threadline/engine/sandbox'
import type { PrismaClient } from '@threadline/db'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { idInput } from '../inputs.ts'

export const customRuleInput = z.union([
  z.strictObject({ ruleId: idInput }),
  z.strictObject({
    name: ruleNameSchema.optional(),
    code: ruleSourceSchema,
    errorPatterns: errorPatternSourcesSchema.optional(),
  }),
])

export type CustomRuleInput = z.output<typeof customRuleInput>

export type RuleFailure = { kind: SandboxedRuleError['kind']; message: string; logs: SandboxLog[] }

export type ResolvedCustomRule = {
  name: string
  /** the saved rule's id, for saved rules */
  ruleId: string | null
} & ({ rule: SandboxedCompatRule; compileError: null; runs: SandboxedRuleRun[] } | { rule: null; compileError: RuleFailure })

export function ruleFailureOf(error: SandboxedRuleError): RuleFailure {
  return { kind: error.kind, message: error.reason, logs: error.logs }
}

/** A custom rule's code compiled in the sandbox; a rule that does not compile is reported as its compile error. */
export async function compileCustomRule(
  code: string,
  options: { name: string | undefined; errorPatterns: string[] | undefined; ruleId: string | null },
): Promise<ResolvedCustomRule> {
  try {
    // every successful hook call, with its console output (a failure carries its own on the error)
    const runs: SandboxedRuleRun[] = []
    const rule = await compileSandboxedRule(code, {
      ...(options.name ? { name: options.name } : {}),
      ...(options.errorPatterns ? { errorPatterns: options.errorPatterns } : {}),
      onRun: (run) => runs.push(run),
    })
    return { name: rule.name, ruleId: options.ruleId, rule, compileError: null, runs }
  } catch (error) {
    if (!SandboxedRuleError.isInstance(error)) throw error
    return { name: options.name ?? error.ruleName, ruleId: options.ruleId, rule: null, compileError: ruleFailureOf(error) }
  }
}

/** A custom rule's source, resolved on the server's thread (inline, or a saved rule's row) and compiled in a sandbox worker. */
export type RuleSource = { code: string; name: string | undefined; errorPatterns: string[] | undefined; ruleId: string | null }

/** The chosen rules' sources in the given order; an unknown saved id is NOT_FOUND. */
export async function resolveCustomRules(prisma: PrismaClient, inputs: readonly CustomRuleInput[]): Promise<RuleSource[]> {
  const ids = inputs.flatMap((input) => ('ruleId' in input ? [input.ruleId] : []))
  const saved = new Map((ids.length === 0 ? [] : await prisma.playgroundRule.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]))
  return inputs.map((input): RuleSource => {
    if (!('ruleId' in input)) return { code: input.code, name: input.name, errorPatterns: input.errorPatterns, ruleId: null }
    const row = saved.get(input.ruleId)
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: `Saved rule "${input.ruleId}" was not found` })
    return { code: row.code, name: row.name, errorPatterns: row.errorPatterns, ruleId: row.id }
  })
}
