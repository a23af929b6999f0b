// messages.search over real HTTP on the demo data: the explorer's full-text
// message search, scoped by resource and by token like every listing.
import { beforeAll, expect, it } from 'vitest'
import type { ThreadlineClient } from './client/index.ts'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'

const OWN = 'acme-support'
const FOREIGN = 'globex-research'

describeEachApi('messages.search', (getApi) => {
  let api: ApiHarness
  let token: ThreadlineClient
  beforeAll(async () => {
    api = getApi()
    token = await api.tokenClient({ resourceIds: [OWN] })
  }, 120_000)

  it('finds the demo\'s "tracking number" message with its thread title and the words marked', async () => {
    const page = await api.operator.messages.search.query({ query: 'tracking number' })
    const hit = page.items.find((item) => item.messageId === 'msg-acme-storm-01')
    expect(hit).toMatchObject({ threadId: 'acme-delivery-storm', threadTitle: expect.any(String), resourceId: OWN, role: 'user' })
    expect(hit!.snippet.filter((segment) => segment.match).map((segment) => segment.text.toLowerCase())).toEqual(['tracking', 'number'])
    expect(hit!.snippet.map((segment) => segment.text).join('')).toContain('1Z999AA10123456784')
    expect(page).toMatchObject({ page: 1, pageSize: 20, pageCount: 1 })
  })

  it('an operator searches every resource; a token only its own, and a named foreign resource is FORBIDDEN', async () => {
    const everywhere = await api.operator.messages.search.query({ query: 'forecast' })
    expect(new Set(everywhere.items.map((item) => item.resourceId))).toEqual(new Set([OWN, FOREIGN]))
    const own = await token.messages.search.query({ query: 'forecast' })
    expect(own.items.length).toBeGreaterThan(0)
    expect(own.items.every((item) => item.resourceId === OWN)).toBe(true)
    expect(own.total).toBe(everywhere.items.filter((item) => item.resourceId === OWN).length)
    const named = await api.operator.messages.search.query({ query: 'forecast', resourceId: FOREIGN })
    expect(named.items.every((item) => item.resourceId === FOREIGN)).toBe(true)
    expect(await failureOf(token.messages.search.query({ query: 'forecast', resourceId: FOREIGN }))).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('pages with the total and refuses an empty query', async () => {
    const all = await api.operator.messages.search.query({ query: 'forecast', pageSize: 100 })
    const second = await api.operator.messages.search.query({ query: 'forecast', pageSize: 1, page: 2 })
    expect(second).toMatchObject({ total: all.total, pageCount: all.total, page: 2 })
    expect(second.items.map((item) => item.messageId)).toEqual([all.items[1]!.messageId])
    expect(await failureOf(api.operator.messages.search.query({ query: '  ' }))).toMatchObject({ code: 'BAD_REQUEST', field: 'query' })
  })
})
