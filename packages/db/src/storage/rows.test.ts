import { StorageError } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { toMessageStructures } from './rows.ts'

describe('toMessageStructures', () => {
  const tuple = (index: number, role = 'user') => [
    `m-${index}`,
    '2026-01-01T00:00:00.123456+00:00',
    role,
    index % 3 === 0 ? [{ toolCallId: `c-${index}`, toolName: 'lookup', state: 'call' }] : [],
  ]

  it('reads every row in order across the chunks it checks one at a time', async () => {
    const structures = await toMessageStructures(JSON.stringify(Array.from({ length: 12_001 }, (_, index) => tuple(index))))
    expect(structures).toHaveLength(12_001)
    expect(structures.map((structure) => structure.id)).toEqual(Array.from({ length: 12_001 }, (_, index) => `m-${index}`))
    expect(structures[9_999]).toEqual({
      id: 'm-9999',
      createdAt: new Date('2026-01-01T00:00:00.123Z'),
      role: 'user',
      toolInvocations: [{ toolCallId: 'c-9999', toolName: 'lookup', state: 'call' }],
    })
  })

  it('an empty selection (SQL NULL) is no rows', async () => {
    expect(await toMessageStructures(null)).toEqual([])
  })

  it('a malformed row in a later chunk is a StorageError naming where', async () => {
    const rows = Array.from({ length: 7_000 }, (_, index) => tuple(index, index === 6_500 ? 'wizard' : 'user'))
    const read = toMessageStructures(JSON.stringify(rows))
    await expect(read).rejects.toBeInstanceOf(StorageError)
    await expect(read).rejects.toThrow(/from row 5000/)
  })
})
