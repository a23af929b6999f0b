import { createOperator, type PrismaClient } from '@threadline/db'

/**
 * Creates the first admin from THREADLINE_ADMIN_EMAIL / THREADLINE_ADMIN_PASSWORD
 * when the database has no operator yet; later starts leave operators alone.
 */
export async function ensureFirstAdmin(prisma: PrismaClient, admin: { email: string; password: string; name: string } | null): Promise<boolean> {
  if (admin === null || (await prisma.operator.count()) > 0) return false
  try {
    await createOperator(prisma, admin)
  } catch (error) {
    // another server instance created an operator first
    if ((await prisma.operator.count()) > 0) return false
    throw error
  }
  console.info(`Created the first operator: ${admin.email}`)
  return true
}
