// Liveness and readiness against real databases: one that cannot be reached at
// start, and a running server's database that stops answering.
import { openDatabase } from '@threadline/db'
import { expect, it } from 'vitest'
import { readServerConfig } from './config.ts'
import { livenessProbe, readinessProbe } from './probes.ts'
import { createServices } from './services.ts'
import { describeEachApi } from './testing/each-database.ts'

const answer = async (response: Response) => ({ status: response.status, text: await response.text() })

it('is neither live nor ready while the database cannot be reached at start', async () => {
  const unreachable = await openDatabase('postgresql://threadline@127.0.0.1:1/none?connect_timeout=2', { migrate: false })
  try {
    const services = async () => createServices(unreachable, readServerConfig({ THREADLINE_AUTH_SECRET: 'probe-test-secret-0123456789abcdef' }))
    expect(await answer(await livenessProbe(services))).toEqual({ status: 503, text: expect.stringMatching(/^not live: the server cannot start/) })
    expect((await readinessProbe(services)).status).toBe(503)
  } finally {
    await unreachable.close()
  }
})

describeEachApi('readiness of a running server', (getApi) => {
  it('is ready while its migrated database answers; a database that stops answering leaves it live but not ready', async () => {
    const api = getApi()
    const services = () => Promise.resolve(api.services)
    expect(await answer(await readinessProbe(services))).toEqual({ status: 200, text: 'ready\n' })
    await api.services.indexWorker?.stop()
    await api.db.close()
    expect(await answer(await readinessProbe(services))).toEqual({ status: 503, text: 'not ready: the database does not answer\n' })
    expect(await answer(await livenessProbe(services))).toEqual({ status: 200, text: 'ok\n' })
  })
})
