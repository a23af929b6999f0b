// THREADLINE_BOOTSTRAP_TOKEN: the first token from the environment, registered
// at startup with a documented scope (every resource, read and write), usable
// over REST at once; revoked on the tokens page, it stays revoked across restarts.
import { expect, it } from 'vitest'
import { readServerConfig } from '../config.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { BOOTSTRAP_TOKEN_NAME, ensureBootstrapToken } from './headless-tokens.ts'

const BOOTSTRAP = `tl_${'b00t5trap'.repeat(5)}`

describeEachApi(
  'the bootstrap token',
  (getApi) => {
    it('works at once with every resource and write; a revocation holds across a restart', async () => {
      const api = getApi()
      const me = await fetch(`${api.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${BOOTSTRAP}` } })
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ kind: 'token', token: { name: BOOTSTRAP_TOKEN_NAME, allResources: true, canWrite: true, canRunRules: false } })
      const created = await fetch(`${api.server.url}/api/v1/threads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BOOTSTRAP}`, 'content-type': 'application/json' },
        body: JSON.stringify({ threadId: 'bootstrap-thread', resourceId: 'bootstrap-tenant' }),
      })
      expect(created.status).toBe(200)

      const row = (await api.services.apiTokens.list()).find((token) => token.name === BOOTSTRAP_TOKEN_NAME)!
      await api.services.apiTokens.revoke(row.id)
      // a restart with the variable still set (what createServices runs): the revoked row is left as it is, not registered again
      expect(await ensureBootstrapToken(api.db.prisma, readServerConfig({ THREADLINE_BOOTSTRAP_TOKEN: BOOTSTRAP }).bootstrapToken)).toBe(false)
      expect((await api.services.apiTokens.list()).filter((token) => token.name === BOOTSTRAP_TOKEN_NAME)).toEqual([
        expect.objectContaining({ id: row.id, revokedAt: expect.any(Date) }),
      ])
      const after = await fetch(`${api.server.url}/api/v1/me`, { headers: { authorization: `Bearer ${BOOTSTRAP}` } })
      expect(after.status).toBe(401)
    })

    it('refuses a bootstrap token that is not a "tl_" token of 32+ characters', () => {
      expect(() => readServerConfig({ THREADLINE_BOOTSTRAP_TOKEN: 'secret' })).toThrow(/THREADLINE_BOOTSTRAP_TOKEN/)
    })
  },
  { THREADLINE_BOOTSTRAP_TOKEN: BOOTSTRAP },
)
