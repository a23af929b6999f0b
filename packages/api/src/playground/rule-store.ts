// Saved custom rules (PlaygroundRule rows). Code is compiled in the sandbox
// before it is saved, so the store holds only rules that load.
import { randomUUID } from 'node:crypto'
import { errorPatternSourcesSchema, givenFields, ruleNameSchema, ruleSourceSchema } from '@threadline/engine'
import { Prisma, type PrismaClient } from '@threadline/db'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { compileSavedRule } from './compile-saved-rule.ts'
import { resolveCustomRules, type CustomRuleInput, type RuleSource } from './custom-rules.ts'
import { ruleFixturesInput, type RuleFixture } from './fixtures.ts'

const savedRuleFields = {
  name: ruleNameSchema,
  description: z.string().max(5000).default(''),
  code: ruleSourceSchema,
  errorPatterns: errorPatternSourcesSchema.default([]),
  // a saved rule goes live only when an operator enables it (issue 31)
  enabled: z.boolean().default(false),
  order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  fixtures: ruleFixturesInput.default([]),
}

export const createRuleInput = z.strictObject(savedRuleFields)
export const updateRuleInput = z.strictObject({
  id: z.string().min(1).max(200),
  name: savedRuleFields.name.optional(),
  description: z.string().max(5000).optional(),
  code: ruleSourceSchema.optional(),
  errorPatterns: errorPatternSourcesSchema.optional(),
  enabled: z.boolean().optional(),
  order: savedRuleFields.order.unwrap().optional(),
  fixtures: ruleFixturesInput.optional(),
})

type SavedRule = {
  id: string
  name: string
  description: string
  code: string
  errorPatterns: string[]
  enabled: boolean
  order: number
  fixtures: RuleFixture[]
  createdAt: Date
  updatedAt: Date
  /** the fixtures that failed when they last ran (fixture-gate.ts) */
  fixturesFailing: string[]
  /** when they last ran; null: not yet */
  fixturesCheckedAt: Date | null
}

type Row = Awaited<ReturnType<PrismaClient['playgroundRule']['findUniqueOrThrow']>>

function toSavedRule(row: Row): SavedRule {
  // written by this module only, through ruleFixturesInput
  return { ...row, fixtures: ruleFixturesInput.parse(row.fixtures) }
}

function nameTaken(error: unknown, name: string | undefined): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    throw new TRPCError({ code: 'CONFLICT', message: `A saved rule named "${name}" already exists` })
  }
  throw error
}

function notFound(id: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `Saved rule "${id}" was not found` })
}

/** The saved rules, each with how many fixtures were recorded from real calls for it. */
export async function listRules(prisma: PrismaClient): Promise<(SavedRule & { recordedFixtures: number })[]> {
  const rows = await prisma.playgroundRule.findMany({
    orderBy: [{ order: 'asc' }, { name: 'asc' }],
    include: { _count: { select: { recordedFixtures: true } } },
  })
  return rows.map(({ _count, ...row }) => ({ ...toSavedRule(row), recordedFixtures: _count.recordedFixtures }))
}

export async function getRule(prisma: PrismaClient, id: string): Promise<SavedRule> {
  const row = await prisma.playgroundRule.findUnique({ where: { id } })
  if (row === null) throw notFound(id)
  return toSavedRule(row)
}

export async function createRule(prisma: PrismaClient, input: z.output<typeof createRuleInput>): Promise<SavedRule> {
  await compileSavedRule(input)
  const row = await prisma.playgroundRule
    .create({ data: { id: randomUUID(), ...input, fixtures: input.fixtures as Prisma.InputJsonValue } })
    .catch((error: unknown) => nameTaken(error, input.name))
  return toSavedRule(row)
}

export async function updateRule(prisma: PrismaClient, input: z.output<typeof updateRuleInput>): Promise<SavedRule> {
  const { id, fixtures, ...given } = input
  const fields = givenFields(given)
  const current = await getRule(prisma, id)
  if (fields.code !== undefined || fields.errorPatterns !== undefined || fields.name !== undefined) await compileSavedRule({ ...current, ...fields })
  const row = await prisma.playgroundRule
    .update({ where: { id }, data: { ...fields, ...(fixtures === undefined ? {} : { fixtures: fixtures as Prisma.InputJsonValue }) } })
    .catch((error: unknown) => nameTaken(error, fields.name))
  return toSavedRule(row)
}

export async function deleteRule(prisma: PrismaClient, id: string): Promise<void> {
  const { count } = await prisma.playgroundRule.deleteMany({ where: { id } })
  if (count === 0) throw notFound(id)
}

/** Stores which of the rule's fixtures fail now (null: not known, to be run); not a change of the rule, so `updatedAt` stays. */
export async function recordFixtureHealth(prisma: PrismaClient, id: string, failing: string[] | null): Promise<void> {
  await prisma.$executeRaw`UPDATE playground_rules SET fixtures_failing = ${failing ?? []}::text[],
    fixtures_checked_at = ${failing === null ? null : new Date()}::timestamptz WHERE id = ${id}`
}

/** The saved rules, bound to one database (the routers' view: no Prisma in sight). */
export type RuleStore = {
  list(): Promise<(SavedRule & { recordedFixtures: number })[]>
  get(id: string): Promise<SavedRule>
  create(input: z.output<typeof createRuleInput>): Promise<SavedRule>
  update(input: z.output<typeof updateRuleInput>): Promise<SavedRule>
  delete(id: string): Promise<void>
  recordFixtureHealth(id: string, failing: string[] | null): Promise<void>
  /** the custom rules chosen for a run, saved ones looked up by id (custom-rules.ts) */
  resolveCustom(inputs: readonly CustomRuleInput[]): Promise<RuleSource[]>
}

export function ruleStore(prisma: PrismaClient): RuleStore {
  return {
    list: () => listRules(prisma),
    get: (id) => getRule(prisma, id),
    create: (input) => createRule(prisma, input),
    update: (input) => updateRule(prisma, input),
    delete: (id) => deleteRule(prisma, id),
    recordFixtureHealth: (id, failing) => recordFixtureHealth(prisma, id, failing),
    resolveCustom: (inputs) => resolveCustomRules(prisma, inputs),
  }
}
