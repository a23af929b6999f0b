import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../errors/index.ts'
import { parseCloneArgs } from './clone-options.ts'

function fieldOf(run: () => unknown): { type: string; field: string | undefined } {
  try {
    run()
  } catch (error) {
    // InvalidCloneOptionsError is one of the input family
    if (InvalidInputError.isInstance(error)) {
      return { type: error.constructor.name, field: error.field }
    }
    throw error
  }
  throw new Error('expected an error')
}

describe('parseCloneArgs', () => {
  it('applies the defaults of the spec and decision 3', () => {
    expect(parseCloneArgs({ sourceThreadId: 's' })).toEqual({
      sourceThreadId: 's',
      newThreadId: undefined,
      resourceId: undefined,
      title: undefined,
      metadata: undefined,
      filter: {},
      boundary: 'exact',
      returnMessages: true,
      returnMessageIdMap: true,
      derivedMemory: 'current',
      sourceResourceIds: null,
      audit: null,
    })
  })

  it('treats messageLimit 0 and messageIds [] as no filter', () => {
    expect(parseCloneArgs({ sourceThreadId: 's', options: { messageLimit: 0, messageFilter: { messageIds: [] } } }).filter).toEqual({})
  })

  it('turns the filter into a selection, accepting ISO strings for dates and de-duplicating ids', () => {
    const parsed = parseCloneArgs({
      sourceThreadId: 's',
      options: { messageLimit: 5, messageFilter: { startDate: '2024-01-01', endDate: new Date('2024-01-31'), messageIds: ['a', 'b', 'a'] } },
    })
    expect(parsed.filter).toEqual({ startDate: new Date('2024-01-01'), endDate: new Date('2024-01-31'), messageIds: ['a', 'b'], last: 5 })
  })

  it('takes derivedMemory (thread-scoped memory of the clone), default current', () => {
    for (const mode of ['as-of-branch-point', 'current', 'empty'] as const) {
      expect(parseCloneArgs({ sourceThreadId: 's', options: { derivedMemory: mode } }).derivedMemory).toBe(mode)
    }
  })

  it('takes returnMessages from the second argument over options', () => {
    expect(parseCloneArgs({ sourceThreadId: 's', options: { returnMessages: true } }, { returnMessages: false }).returnMessages).toBe(false)
    expect(parseCloneArgs({ sourceThreadId: 's', options: { returnMessages: false } }).returnMessages).toBe(false)
  })

  it('takes returnMessageIdMap from the second argument, default true', () => {
    expect(parseCloneArgs({ sourceThreadId: 's' }, { returnMessageIdMap: false }).returnMessageIdMap).toBe(false)
    expect(fieldOf(() => parseCloneArgs({ sourceThreadId: 's' }, { returnMessageIdMap: 'no' }))).toEqual({
      type: 'InvalidCloneOptionsError',
      field: 'options.returnMessageIdMap',
    })
  })

  it('names the field of every bad option (decision 4)', () => {
    const clone = (options: unknown) => () => parseCloneArgs({ sourceThreadId: 's', options })
    const option = (field: string) => ({ type: 'InvalidCloneOptionsError', field })
    expect(fieldOf(clone({ messageLimit: -1 }))).toEqual(option('options.messageLimit'))
    expect(fieldOf(clone({ messageLimit: 2.5 }))).toEqual(option('options.messageLimit'))
    expect(fieldOf(clone({ messageLimit: Number.NaN }))).toEqual(option('options.messageLimit'))
    expect(fieldOf(clone({ messageLimit: '5' }))).toEqual(option('options.messageLimit'))
    expect(fieldOf(clone({ messageFilter: { startDate: '2024-02-01', endDate: '2024-01-01' } }))).toEqual(option('options.messageFilter.startDate'))
    expect(fieldOf(clone({ messageFilter: { endDate: 'not a date' } }))).toEqual(option('options.messageFilter.endDate'))
    expect(fieldOf(clone({ messageFilter: { startDate: new Date('nope') } }))).toEqual(option('options.messageFilter.startDate'))
    expect(fieldOf(clone({ messageFilter: { messageIds: ['ok', ''] } }))).toEqual(option('options.messageFilter.messageIds[1]'))
    expect(fieldOf(clone({ boundary: 'sideways' }))).toEqual(option('options.boundary'))
    expect(fieldOf(clone({ derivedMemory: 'yesterday' }))).toEqual(option('options.derivedMemory'))
    expect(fieldOf(clone({ messageLimt: 3 }))).toEqual(option('options.messageLimt'))
    expect(fieldOf(() => parseCloneArgs({ sourceThreadId: 's' }, { returnMessages: 'no' }))).toEqual(option('options.returnMessages'))
  })

  it('rejects bad top-level arguments with InvalidInputError', () => {
    expect(fieldOf(() => parseCloneArgs({ sourceThreadId: '' }))).toEqual({ type: 'InvalidInputError', field: 'sourceThreadId' })
    expect(fieldOf(() => parseCloneArgs({ sourceThreadId: 's', metadata: 'x' }))).toEqual({ type: 'InvalidInputError', field: 'metadata' })
    expect(fieldOf(() => parseCloneArgs({ sourceThreadId: 's', newThreadId: 7 }))).toEqual({ type: 'InvalidInputError', field: 'newThreadId' })
  })
})
