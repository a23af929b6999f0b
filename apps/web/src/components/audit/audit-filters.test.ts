import { describe, expect, it } from 'vitest'
import { auditListInput, emptyAuditFilters } from './audit-filters.ts'

describe('auditListInput', () => {
  it('leaves empty fields out', () => {
    expect(auditListInput(emptyAuditFilters, undefined, 50)).toEqual({ limit: 50 })
  })

  it('trims ids, turns local times into ISO instants and carries the cursor', () => {
    const input = auditListInput({ ...emptyAuditFilters, threadId: ' t1 ', action: 'thread.clone', from: '2026-12-03T16:40', to: 'nonsense' }, '42', 20)
    expect(input).toEqual({ limit: 20, threadId: 't1', action: 'thread.clone', from: new Date('2026-12-03T16:40').toISOString(), cursor: '42' })
  })
})
