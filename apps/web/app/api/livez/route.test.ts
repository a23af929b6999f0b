// The probes of this server process, through their Next routes, from a broken
// start to a working one: a process that cannot serve is not live; a live one
// is ready once its database answers and is fully migrated. The probes' other
// cases (a database that cannot be reached, or stops answering): packages/api/src/probes.test.ts.
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest'
import { getServices } from '@threadline/api'
import { GET as readyz } from '../readyz/route.ts'
import { GET as livez } from './route.ts'

const saved = { ...process.env }
const answer = async (response: Response) => ({ status: response.status, text: await response.text() })

beforeEach(() => {
  process.env.THREADLINE_AUTH_SECRET = 'probe-test-secret-0123456789abcdef'
})
afterEach(() => {
  process.env = { ...saved }
})
afterAll(async () => {
  const services = await getServices().catch(() => undefined)
  await services?.indexWorker?.stop()
  await services?.playground.close()
  await services?.demoProvider.close()
  await services?.db.close()
})

it('fails liveness and readiness while the configuration is invalid (every API call would answer 500)', async () => {
  process.env.THREADLINE_RATE_LIMIT_PER_SECOND = 'fast'
  expect(await answer(await livez())).toEqual({ status: 503, text: expect.stringMatching(/^not live: the server cannot start \(ServerConfigError\)/) })
  expect((await readyz()).status).toBe(503)
})

it('is live once the services start, and ready only when the database is migrated', async () => {
  // an empty embedded database: the process serves, but no migration is applied yet
  process.env.DATABASE_URL = 'memory://'
  expect(await answer(await livez())).toEqual({ status: 200, text: 'ok\n' })
  expect(await answer(await readyz())).toEqual({ status: 503, text: expect.stringMatching(/^not ready: migrations pending/) })
})
