// The operator and API token the stall benchmarks call the server with: write
// access to one resource (and, when asked, the playground scope).
import { issueApiToken } from '@threadline/api'
import { createOperator, type Database } from '@threadline/db'

export async function stallToken(db: Database, resourceId: string, options: { canRunRules: boolean }): Promise<string> {
  const operator = await createOperator(db.prisma, { email: 'stall@threadline.invalid', name: 'Stall', password: 'stall-password-0123456789' })
  const { token } = await issueApiToken(db.prisma, {
    name: 'stall',
    createdById: operator.id,
    allResources: false,
    resourceIds: [resourceId],
    canWrite: true,
    canRunRules: options.canRunRules,
    expiresAt: null,
  })
  return token
}
