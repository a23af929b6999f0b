import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { demoOperator } from '@threadline/db/seed'
import { freeLoopbackPort, startPostgresServer, type PostgresServer } from '@threadline/db/testing/servers'

// Issue 17 item 7: two BUILT instances (`next start`, the build Playwright
// uses) on one PostgreSQL behave as one: a token's rate limit is shared, a
// session made on A works on B, and a sign-out or a token revocation on A is
// refused by B at once (B has the token in its verified-token cache by then).

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
const webDir = path.join(repoRoot, 'apps/web')
const nextBin = createRequire(path.join(webDir, 'package.json')).resolve('next/dist/bin/next')
const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  THREADLINE_AUTH_SECRET: 'two-instances-secret-0123456789abcdef',
  // a bucket of 4 that refills once a minute: nothing refills during the test
  THREADLINE_RATE_LIMIT_PER_SECOND: String(1 / 60),
  THREADLINE_RATE_LIMIT_BURST: '4',
}

type Instance = { url: string; child: ChildProcess }

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freeLoopbackPort()
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: webDir,
    env: { ...env, DATABASE_URL: databaseUrl },
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}`
  await expect
    .poll(
      () =>
        fetch(`${url}/api/trpc/health.check`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200)
  return { url, child }
}

/** A tRPC call over HTTP: its status and its data (or error) in the superjson envelope. */
async function call(base: string, procedure: string, options: { input?: unknown; mutation?: boolean; headers?: Record<string, string> } = {}) {
  const headers = { 'content-type': 'application/json', 'x-threadline-csrf': '1', ...options.headers }
  const payload = JSON.stringify({ json: options.input ?? null })
  const response = options.mutation
    ? await fetch(`${base}/api/trpc/${procedure}`, { method: 'POST', headers, body: payload })
    : await fetch(`${base}/api/trpc/${procedure}${options.input === undefined ? '' : `?input=${encodeURIComponent(payload)}`}`, { headers })
  const body = (await response.json()) as { result?: { data: { json: unknown } } }
  return { status: response.status, data: body.result?.data.json, setCookie: response.headers.getSetCookie() }
}

let postgres: PostgresServer | undefined
let instances: [Instance, Instance] | undefined
/** A and B, once started */
function started(): { a: Instance; b: Instance } {
  if (instances === undefined) throw new Error('the instances did not start')
  return { a: instances[0], b: instances[1] }
}

test.describe.configure({ mode: 'serial', timeout: 240_000 })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  postgres = await startPostgresServer({ database: 'threadline_two_instances' })
  const seeded = spawnSync('pnpm', ['db:seed', '--demo'], {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: 'development', DATABASE_URL: postgres.url },
    encoding: 'utf8',
  })
  if (seeded.status !== 0) throw new Error(`db:seed failed:\n${seeded.stdout}\n${seeded.stderr}`)
  instances = await Promise.all([startInstance(postgres.url), startInstance(postgres.url)])
})

test.afterAll(async () => {
  for (const instance of instances ?? []) instance.child.kill('SIGTERM')
  await postgres?.stop()
})

test('a session made on A is used on B, and a sign-out on A is refused by B at once', async () => {
  const { a, b } = started()
  const signIn = await call(a.url, 'auth.signIn', { mutation: true, input: { email: demoOperator.email, password: demoOperator.password } })
  expect(signIn.status).toBe(200)
  const cookie = { cookie: signIn.setCookie.map((header) => header.split(';')[0]).join('; ') }
  expect(await call(b.url, 'auth.me', { headers: cookie })).toMatchObject({ status: 200, data: { kind: 'operator' } })
  expect((await call(a.url, 'auth.signOut', { mutation: true, headers: cookie })).status).toBe(200)
  expect((await call(b.url, 'auth.me', { headers: cookie })).status).toBe(401)
})

test('a token shares one rate limit across A and B, and its revocation on A is refused by B at once', async () => {
  const { a, b } = started()
  const signIn = await call(a.url, 'auth.signIn', { mutation: true, input: { email: demoOperator.email, password: demoOperator.password } })
  const operator = { cookie: signIn.setCookie.map((header) => header.split(';')[0]).join('; ') }
  const issue = async () =>
    (await call(a.url, 'tokens.issue', { mutation: true, headers: operator, input: { name: 'two instances', allResources: true } })).data as {
      token: string
      summary: { id: string }
    }

  const limited = { authorization: `Bearer ${(await issue()).token}` }
  const statuses = []
  for (const instance of [a, b, a, b, a, b]) statuses.push((await call(instance.url, 'resources.list', { headers: limited })).status)
  // the burst of 4 is spent, whichever instance is asked
  expect(statuses).toEqual([200, 200, 200, 200, 429, 429])

  const revoked = await issue()
  const bearer = { authorization: `Bearer ${revoked.token}` }
  // B verifies the token and keeps it in its cache
  expect((await call(b.url, 'resources.list', { headers: bearer })).status).toBe(200)
  expect((await call(b.url, 'resources.list', { headers: bearer })).status).toBe(200)
  expect((await call(a.url, 'tokens.revoke', { mutation: true, headers: operator, input: { id: revoked.summary.id } })).status).toBe(200)
  expect((await call(b.url, 'resources.list', { headers: bearer })).status).toBe(401)
  expect((await call(a.url, 'resources.list', { headers: bearer })).status).toBe(401)
})
