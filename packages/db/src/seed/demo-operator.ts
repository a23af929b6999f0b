import type { PrismaClient } from '../generated/prisma/client.ts'
import { createOperator } from '../operators/create-operator.ts'

/** The documented demo operator of a seeded database (README): sign in to the admin app with it. */
export const demoOperator = Object.freeze({ email: 'demo@threadline.dev', password: 'threadline-demo', name: 'Demo Operator' })

/** Creates the demo operator unless it exists; true when it was created. */
export async function seedDemoOperator(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.operator.count({ where: { email: demoOperator.email } })) > 0) return false
  await createOperator(prisma, demoOperator)
  return true
}
