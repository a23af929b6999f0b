import { describe, expect, it } from 'vitest'
import type { VerifiedApiToken } from './api-tokens.ts'
import { tokenCache } from './token-cache.ts'

const token = (id: string): VerifiedApiToken => ({ id, name: id, allResources: true, resourceIds: [], canWrite: false, canRunRules: false })

describe('tokenCache', () => {
  it('keeps a verified token for its time to live, then forgets it', () => {
    let now = 0
    const cache = tokenCache({ ttlMs: 1000, maxEntries: 10, now: () => now })
    cache.set('hash-a', token('a'))
    now = 999
    expect(cache.get('hash-a')).toEqual(token('a'))
    now = 1000
    expect(cache.get('hash-a')).toBeUndefined()
  })

  it('forgets every entry of a token at once, and the oldest entry when full', () => {
    const cache = tokenCache({ ttlMs: 1000, maxEntries: 2, now: () => 0 })
    cache.set('hash-a', token('a'))
    cache.set('hash-b', token('b'))
    cache.forget('a')
    expect(cache.get('hash-a')).toBeUndefined()
    cache.set('hash-c', token('c'))
    cache.set('hash-d', token('d'))
    expect([cache.get('hash-b'), cache.get('hash-c'), cache.get('hash-d')].map((entry) => entry?.id)).toEqual([undefined, 'c', 'd'])
  })
})
