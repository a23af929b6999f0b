import { describe, expect, it } from 'vitest'
import { plural } from './plural.ts'

describe('plural', () => {
  it('agrees the noun with its count', () => {
    expect(plural(1, 'message')).toBe('1 message')
    expect(plural(0, 'message')).toBe('0 messages')
    expect(plural(2, 'branch')).toBe('2 branches')
    expect(plural(3, 'retry', 'retries')).toBe('3 retries')
  })
})
