// Regression fixtures saved from recorded calls (PlaygroundFixture rows, issue
// 14): each belongs to one saved rule and runs with the rule's own fixtures.
import { randomUUID } from 'node:crypto'
import { Prisma, type PrismaClient } from '@threadline/db'
import { TRPCError } from '@trpc/server'
import { ruleFixturesInput } from './fixtures.ts'
import type { ErrorFixture } from './fixture-from-call.ts'

/** Recorded fixtures per saved rule, like the rule's own fixtures (ruleFixturesInput). */
export const MAX_RECORDED_FIXTURES_PER_RULE = 100

export type RecordedFixture = { id: string; ruleId: string; sourceCallId: string; sourceAttempt: number; createdAt: Date; fixture: ErrorFixture }

type Row = Awaited<ReturnType<PrismaClient['playgroundFixture']['findUniqueOrThrow']>>

function toRecorded(row: Row): RecordedFixture {
  // written by this module only, from a parsed error fixture
  const fixture = ruleFixturesInput.element.parse(row.fixture) as ErrorFixture
  return { id: row.id, ruleId: row.ruleId, sourceCallId: row.sourceCallId, sourceAttempt: row.sourceAttempt, createdAt: row.createdAt, fixture }
}

export type RecordedFixtureStore = {
  /** a rule's recorded fixtures, oldest first */
  list(ruleId: string): Promise<RecordedFixture[]>
  add(input: { ruleId: string; sourceCallId: string; sourceAttempt: number; fixture: ErrorFixture }): Promise<RecordedFixture>
  /** @returns the deleted fixture's rule (id and name) and its own name (for the audit entry) */
  delete(id: string): Promise<{ ruleId: string; ruleName: string; name: string }>
}

export function recordedFixtureStore(prisma: PrismaClient): RecordedFixtureStore {
  return {
    async list(ruleId) {
      return (await prisma.playgroundFixture.findMany({ where: { ruleId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toRecorded)
    },
    async add({ ruleId, sourceCallId, sourceAttempt, fixture }) {
      const row = await prisma
        .$transaction(async (tx) => {
          const count = await tx.playgroundFixture.count({ where: { ruleId } })
          if (count >= MAX_RECORDED_FIXTURES_PER_RULE) {
            throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `The rule has ${count} recorded fixtures, the most it may have; delete one first` })
          }
          return tx.playgroundFixture.create({
            data: { id: randomUUID(), ruleId, name: fixture.name, fixture: fixture as Prisma.InputJsonValue, sourceCallId, sourceAttempt },
          })
        })
        .catch((error: unknown) => {
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
            throw new TRPCError({ code: 'CONFLICT', message: `The rule already has a recorded fixture named "${fixture.name}"` })
          }
          throw error
        })
      return toRecorded(row)
    },
    async delete(id) {
      const deleted = await prisma.playgroundFixture
        .delete({ where: { id }, select: { ruleId: true, name: true, rule: { select: { name: true } } } })
        .catch((error: unknown) => {
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') {
            throw new TRPCError({ code: 'NOT_FOUND', message: `Recorded fixture "${id}" was not found` })
          }
          throw error
        })
      return { ruleId: deleted.ruleId, ruleName: deleted.rule.name, name: deleted.name }
    },
  }
}
