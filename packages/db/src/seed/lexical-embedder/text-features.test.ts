import { describe, expect, it } from 'vitest'
import { contentStems, stem, tokenize } from './text-features.ts'

describe('text features', () => {
  it('tokenizes lower-cased letter and digit runs without diacritics', () => {
    expect(tokenize('Café-Crème, 2 Blenders!')).toEqual(['cafe', 'creme', '2', 'blenders'])
  })

  it('brings word forms together', () => {
    expect(new Set(['refund', 'refunds', 'refunded', 'refunding'].map(stem))).toEqual(new Set(['refund']))
    expect(new Set(['damage', 'damaged', 'damages'].map(stem)).size).toBe(1)
    expect(stem('stopped')).toBe(stem('stop'))
    expect(stem('batteries')).toBe('battery')
  })

  it('drops stop words', () => {
    expect(contentStems('I want a refund for the blender')).toEqual(['want', 'refund', 'blender'])
  })
})
