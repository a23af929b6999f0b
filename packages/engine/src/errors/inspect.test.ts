import { describe, expect, it } from 'vitest'
import { errorRecords } from './inspect.ts'

describe('errorRecords', () => {
  it('collects each level, its data, its parsed JSON body and their nested error objects, once each', () => {
    const chunk = { type: 'error', error: { type: 'server_error', code: 'server_error', message: 'm' } }
    const inner = { message: 'inner', data: chunk, responseBody: '{"error":{"code":401}}' }
    const outer = new Error('outer', { cause: inner })
    const records = errorRecords(outer)
    expect(records[0]).toBe(outer)
    expect(records).toContain(inner)
    expect(records).toContain(chunk)
    expect(records).toContain(chunk.error)
    expect(records).toContainEqual({ error: { code: 401 } })
    expect(records).toContainEqual({ code: 401 })
    expect(new Set(records).size).toBe(records.length)
  })

  it('reads response.failed errors and skips non-objects and bodies that are not JSON', () => {
    const failed = { type: 'response.failed', response: { error: { code: 'server_error', message: 'm' } } }
    expect(errorRecords(failed)).toEqual([failed, failed.response.error])
    expect(errorRecords({ responseBody: 'not json', data: [1, 2] })).toEqual([{ responseBody: 'not json', data: [1, 2] }])
    expect(errorRecords('a string')).toEqual([])
    expect(errorRecords(undefined)).toEqual([])
  })

  it('is cycle-safe', () => {
    const a: { message: string; cause?: unknown; data?: unknown } = { message: 'a' }
    a.cause = a
    a.data = a
    expect(errorRecords(a)).toEqual([a])
  })
})
