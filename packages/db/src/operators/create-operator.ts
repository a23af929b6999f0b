// Creating an operator outside the sign-in flow (the demo seed, the first admin
// from the environment): the row better-auth reads as its `user`, plus the
// `credential` account that holds the password hash, in one transaction.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { parseInput } from '@threadline/engine'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { hashOperatorPassword } from './operator-password.ts'

const operatorInputSchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1).max(200),
  password: z.string(),
})

export type OperatorInput = z.input<typeof operatorInputSchema>
export type CreatedOperator = { id: string; email: string; name: string }

/** better-auth's provider id for email + password accounts. */
export const CREDENTIAL_PROVIDER_ID = 'credential'

export async function createOperator(prisma: PrismaClient, input: OperatorInput): Promise<CreatedOperator> {
  const { email, name, password } = parseInput(operatorInputSchema, input)
  const passwordHash = await hashOperatorPassword(password)
  const id = randomUUID()
  await prisma.$transaction([
    prisma.operator.create({ data: { id, email, name, emailVerified: true } }),
    prisma.operatorAccount.create({
      data: { id: randomUUID(), operatorId: id, accountId: id, providerId: CREDENTIAL_PROVIDER_ID, password: passwordHash },
    }),
  ])
  return { id, email, name }
}
