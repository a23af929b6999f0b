import { verifyOperatorPassword } from '@threadline/db'
import { describeEachDatabase } from '@threadline/db/testing'
import { expect, it } from 'vitest'
import { ensureFirstAdmin } from './first-admin.ts'

describeEachDatabase('ensureFirstAdmin', (getDb) => {
  it('creates the first admin with a hashed password once, and leaves operators alone afterwards', async () => {
    const { prisma } = getDb()
    expect(await ensureFirstAdmin(prisma, null)).toBe(false)
    expect(await prisma.operator.count()).toBe(0)

    const admin = { email: 'Admin@Example.test', password: 'correct horse battery', name: 'Admin' }
    expect(await ensureFirstAdmin(prisma, admin)).toBe(true)
    const operator = await prisma.operator.findUniqueOrThrow({ where: { email: 'admin@example.test' }, include: { accounts: true } })
    const [account] = operator.accounts
    expect(account).toMatchObject({ providerId: 'credential', accountId: operator.id })
    expect(account!.password).not.toContain(admin.password)
    expect(await verifyOperatorPassword(admin.password, account!.password!)).toBe(true)
    expect(await verifyOperatorPassword('wrong password', account!.password!)).toBe(false)

    expect(await ensureFirstAdmin(prisma, { ...admin, email: 'second@example.test' })).toBe(false)
    expect(await prisma.operator.count()).toBe(1)
  })

  it('refuses a password too short or too long (over 256 bytes), writing nothing', async () => {
    const { prisma } = getDb()
    await prisma.operator.deleteMany()
    await expect(ensureFirstAdmin(prisma, { email: 'a@example.test', password: 'short', name: 'A' })).rejects.toMatchObject({ field: 'password' })
    await expect(ensureFirstAdmin(prisma, { email: 'a@example.test', password: 'é'.repeat(129), name: 'A' })).rejects.toMatchObject({ field: 'password' })
    expect(await prisma.operator.count()).toBe(0)
    expect(await prisma.operatorAccount.count()).toBe(0)
  })
})
