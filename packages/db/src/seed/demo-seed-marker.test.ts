import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { demoSeededBefore, markDemoSeeded } from './demo-seed-marker.ts'
import { seedDemoOperator } from './demo-operator.ts'

describeEachDatabase('the demo seed marker', (getDb) => {
  it('is absent on a new database, present once marked (twice is fine)', async () => {
    const { prisma } = getDb()
    await prisma.seedMarker.deleteMany()
    await prisma.operator.deleteMany()
    expect(await demoSeededBefore(prisma)).toBe(false)
    await markDemoSeeded(prisma)
    await markDemoSeeded(prisma)
    expect(await demoSeededBefore(prisma)).toBe(true)
  })

  it('counts a database seeded before markers existed (its demo operator) as seeded, and marks it', async () => {
    const { prisma } = getDb()
    await prisma.seedMarker.deleteMany()
    await seedDemoOperator(prisma)
    expect(await demoSeededBefore(prisma)).toBe(true)
    expect(await prisma.seedMarker.count()).toBe(1)
  })
})
