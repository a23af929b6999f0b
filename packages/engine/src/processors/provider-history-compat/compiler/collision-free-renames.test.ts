import { describe, expect, it } from 'vitest'
import { alphanumericDigest, NamePlan, NEW_NAME, planRenames } from './collision-free-renames.ts'

const nineAlphanumeric = (name: string) => /^[a-zA-Z0-9]{9}$/.test(name)
const digest = (name: string, attempt: number) => alphanumericDigest(attempt === 0 ? name : `${name}#${attempt}`, 9)

describe('NamePlan.decideOnFirstSight', () => {
  it('keeps a valid name, renames a rejected one once and gives it the same new name on every later sight', () => {
    const plan = new NamePlan()
    expect(plan.decideOnFirstSight('aB3dE6gH9', nineAlphanumeric, digest)).toBe('aB3dE6gH9')
    const renamed = plan.decideOnFirstSight('call.1', nineAlphanumeric, digest)
    expect(renamed).toBe(digest('call.1', 0))
    expect(plan.decideOnFirstSight('call.1', nineAlphanumeric, digest)).toBe(renamed)
    expect(plan.size).toBe(2)
    expect(plan.indexOf(renamed ?? '')).toBe(NEW_NAME)
  })

  it('passes over a candidate already taken by a name seen before', () => {
    const plan = new NamePlan()
    const taken = digest('call.1', 0)
    plan.decideOnFirstSight(taken, nineAlphanumeric, digest)
    expect(plan.decideOnFirstSight('call.1', nineAlphanumeric, digest)).toBe(digest('call.1', 1))
  })

  it('gives up (undefined) on a valid name equal to a new name given earlier: only a plan of the whole prompt can avoid that collision', () => {
    const plan = new NamePlan()
    const renamed = plan.decideOnFirstSight('call.1', nineAlphanumeric, digest) ?? ''
    expect(plan.decideOnFirstSight(renamed, nineAlphanumeric, digest)).toBeUndefined()
  })

  it('chooses the new names planRenames chooses when no valid name comes after an equal new name', () => {
    const names = ['call.1', 'aB3dE6gH9', digest('call.3', 0), 'call.2', 'call.3', 'call.1']
    const sight = new NamePlan()
    const onFirstSight = names.map((name) => sight.decideOnFirstSight(name, nineAlphanumeric, digest))
    const whole = new NamePlan()
    for (const name of names) whole.add(name, nineAlphanumeric)
    planRenames(whole, nineAlphanumeric, digest)
    expect(onFirstSight).toEqual(names.map((name) => whole.newName(name)))
    expect(new Set(onFirstSight.slice(0, 5)).size).toBe(5)
  })
})

describe('NamePlan', () => {
  it('holds thousands of names across its regrowths: each found, each new name taken and not a name of the prompt', () => {
    const plan = new NamePlan()
    for (let index = 0; index < 3000; index++) plan.addDecided(`id.${index}`, `id_${index}`)
    expect(plan.size).toBe(3000)
    expect(plan.newName('id.2999')).toBe('id_2999')
    expect(plan.indexOf('id.1234')).toBe(1234)
    expect(plan.has('id_0')).toBe(true)
    expect(plan.newName('id_0')).toBeUndefined()
    expect(plan.has('id.3000')).toBe(false)
  })
})
