// A turn streams on the credential it started with only while that credential
// holds: revoked mid-stream (on any instance: revocations live in the
// database), the stream stops at its next event and nothing of the turn is saved.
import { beforeAll, expect, it, vi } from 'vitest'
import type { ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { openApiChecker, type RestEvent } from '../testing/openapi-checker.mjs'

const TENANT = 'revocation-tenant'
const DEMO = 'demo/scripted-replies'

describeEachApi('a turn whose token is revoked mid-stream', (getApi) => {
  let api: ApiHarness
  let checker: Awaited<ReturnType<typeof openApiChecker>>
  const messageIds = async (threadId: string) => (await api.services.memory.listMessages({ threadId })).map((stored) => stored.id)

  beforeAll(async () => {
    vi.stubEnv('THREADLINE_DEMO_PROVIDER', 'on')
    api = getApi()
    checker = await openApiChecker(api.server.url)
  })

  it('stops at the next event with UNAUTHORIZED, and saves nothing', async () => {
    const { token, tokenId } = await api.issueToken({ resourceIds: [TENANT], canWrite: true })
    await checker.call('POST', '/api/v1/threads', { token, body: { threadId: 'revoked-turn', resourceId: TENANT, title: 'Revoked' } })
    let revoked: Promise<unknown> | undefined
    let revokedAt = Infinity
    const events: (RestEvent & { afterRevocation: boolean })[] = []
    const turn = await checker.stream('POST', '/api/v1/threads/revoked-turn/turns', {
      token,
      body: { resourceId: TENANT, model: DEMO, message: 'A long answer please' },
      onEvent: (event) => {
        events.push({ ...event, afterRevocation: Date.now() > revokedAt })
        if (event.event === 'text' && revoked === undefined) revoked = api.operator.tokens.revoke.mutate({ id: tokenId }).then(() => (revokedAt = Date.now()))
      },
    })
    await revoked
    expect(turn.status).toBe(200)
    // the demo reply is about 60 words, 50 ms apart: the revocation lands after a few of them
    const afterRevocation = events.filter((event) => event.afterRevocation).map(({ event }) => event)
    expect(afterRevocation.at(-1)).toBe('error')
    expect(afterRevocation.filter((event) => event === 'text').length).toBeLessThanOrEqual(1)
    expect(turn.events.at(-1)?.data).toMatchObject({ code: 'UNAUTHORIZED' })
    // longer than the whole reply takes: had the turn gone on, it would be saved by now
    await new Promise((resolve) => setTimeout(resolve, 4500))
    expect(await messageIds('revoked-turn')).toEqual([])
  })
})
