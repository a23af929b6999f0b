// The demo is loaded into a database once: a marker row records it, so a
// restart (`npm start` seeds on every start) does not bring back the demo
// threads an operator deleted.
import type { PrismaClient } from '../generated/prisma/client.ts'
import { demoOperator } from './demo-operator.ts'

export const DEMO_SEED_MARKER = 'demo'

/**
 * Whether the demo was loaded here before: its marker, or its operator (a
 * database seeded before the marker existed, which then gets its marker).
 */
export async function demoSeededBefore(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.seedMarker.count({ where: { name: DEMO_SEED_MARKER } })) > 0) return true
  if ((await prisma.operator.count({ where: { email: demoOperator.email } })) === 0) return false
  await markDemoSeeded(prisma)
  return true
}

export async function markDemoSeeded(prisma: PrismaClient): Promise<void> {
  await prisma.seedMarker.upsert({ where: { name: DEMO_SEED_MARKER }, create: { name: DEMO_SEED_MARKER }, update: {} })
}
