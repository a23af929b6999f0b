// The requests-first gate over a real pool of one connection (the embedded
// database's shape; the test PostgreSQL server, as the gate only reads the
// pool): background work waits for the requests holding or queued for the
// connection, but never longer than its bound.
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { testPostgresUrlKey } from '../testing/provided-context.ts'
import { yieldToRequests } from './requests-first.ts'

let pool: pg.Pool
beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject(testPostgresUrlKey), max: 1 })
})
afterAll(() => pool.end())

it('resolves only after the request holding the connection and the one queued for it are done', async () => {
  const order: string[] = []
  const holder = await pool.connect()
  const queued = pool.query('SELECT 1').then(() => order.push('queued request'))
  const gate = yieldToRequests(pool, 10_000)().then(() => order.push('background'))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(order).toEqual([])
  holder.release()
  await Promise.all([queued, gate])
  expect(order).toEqual(['queued request', 'background'])
})

it('resolves at once on an idle connection, and after its bound while a request keeps the connection', async () => {
  let started = performance.now()
  await yieldToRequests(pool, 10_000)()
  expect(performance.now() - started).toBeLessThan(1_000)
  const holder = await pool.connect()
  started = performance.now()
  await yieldToRequests(pool, 200)()
  const waited = performance.now() - started
  holder.release()
  expect(waited).toBeGreaterThanOrEqual(190)
  expect(waited).toBeLessThan(5_000)
})
