import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { issueApiToken } from '@threadline/api'
import { createOperator, openDatabase } from '@threadline/db'
import { freeLoopbackPort, startPostgresServer, type PostgresServer } from '@threadline/db/testing/servers'

// The issue's acceptance flow against the BUILT app (the build Playwright's
// run already needs): `next start` on loopback on a throwaway PostgreSQL 15,
// and a fresh project OUTSIDE the workspace that installs @threadline/client
// from its packed tarball (offline, from the local pnpm store) and runs plain
// `node` scripts: the typed client (flow.mjs), plain fetch over REST with
// every request and answer validated against the served OpenAPI document by
// openapi-backend + Ajv 2020-12 (rest-flow.mjs), and streamed workbench turns
// with abort, by the client and as REST server-sent events (turn.mjs). No browser.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const clientDir = path.join(repoRoot, 'packages/client')
const consumerFixtures = path.join(clientDir, 'test/consumer')
const execFileAsync = promisify(execFile)

const TENANT = 'acceptance-tenant'
const OTHER = 'acceptance-other-tenant'
const OTHER_THREAD = 'acceptance-other-thread'

/** The version of a package the workspace resolved (so the temp project installs it from the store, offline). */
function installedVersion(name: string): string {
  const manifest = path.join(repoRoot, 'packages/api/node_modules', name, 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

async function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  try {
    return (await execFileAsync(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 })).stdout
  } catch (error) {
    // the command's own output says what failed (tsc's diagnostics, node's stack)
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error })
  }
}

/** Runs a consumer script with plain node and returns the JSON line it printed last. */
async function consumerScript(project: string, script: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  const output = await run('node', [script], project, env)
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>
}

async function startApp(databaseUrl: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freeLoopbackPort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn('pnpm', ['--filter', '@threadline/web', 'exec', 'next', 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NEXT_TELEMETRY_DISABLED: '1',
      THREADLINE_AUTH_SECRET: 'e2e-secret-0123456789abcdef0123456789',
      // the scripted demo provider (the loopback provider server in the app's process) answers the streamed turns
      THREADLINE_DEMO_PROVIDER: 'on',
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += String(chunk)))
  child.stderr.on('data', (chunk) => (output += String(chunk)))
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output}`)
    const up = await fetch(`${url}/api/trpc/health.check`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return { url, child, output: () => output }
    if (Date.now() > deadline) throw new Error(`next start did not answer within 120 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Stops the app's whole process group (pnpm, then next). */
async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid, 'SIGTERM')
  await exited
}

test.describe('the API as an app backend adopts it: built app on PostgreSQL, packed client, REST', () => {
  // building and packing the client, an offline install, 2,000 messages over HTTP: minutes on a loaded machine
  test.describe.configure({ timeout: 600_000 })

  let postgres: PostgresServer | undefined
  let app: Awaited<ReturnType<typeof startApp>> | undefined
  let project: string
  let env: Record<string, string>

  test.beforeAll(async () => {
    test.setTimeout(600_000)
    project = mkdtempSync(path.join(tmpdir(), 'threadline-acceptance-'))
    const packing = (async () => {
      await run('pnpm', ['run', 'build'], clientDir)
      await run('pnpm', ['pack', '--pack-destination', project], clientDir)
      const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'))
      writeFileSync(
        path.join(project, 'package.json'),
        JSON.stringify({
          name: 'acceptance-consumer',
          private: true,
          type: 'module',
          dependencies: {
            '@threadline/client': `file:./${tarball ?? 'missing.tgz'}`,
            // the REST script's validator: the versions the API's own tests use
            'openapi-backend': installedVersion('openapi-backend'),
            ajv: installedVersion('ajv'),
            'ajv-formats': installedVersion('ajv-formats'),
          },
          devDependencies: { typescript: '6.0.3' },
        }),
      )
      writeFileSync(
        path.join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            skipLibCheck: true,
            noEmit: true,
            lib: ['ES2023', 'DOM'],
          },
          include: ['types-check.ts'],
        }),
      )
      for (const file of ['flow.mjs', 'rest-flow.mjs', 'turn.mjs', 'types-check.ts']) copyFileSync(path.join(consumerFixtures, file), path.join(project, file))
      copyFileSync(path.join(repoRoot, 'packages/api/src/testing/openapi-checker.mjs'), path.join(project, 'openapi-checker.mjs'))
      // offline: every package comes from the local pnpm store; no workspace is above a temp folder
      await run('pnpm', ['install', '--offline', '--ignore-workspace'], project)
    })()

    postgres = await startPostgresServer({ database: 'threadline_acceptance' })
    // openDatabase migrates; the tokens are issued the way the tokens page does it (stored hashed)
    const db = await openDatabase(postgres.url)
    try {
      const operator = await createOperator(db.prisma, { email: 'acceptance@threadline.invalid', name: 'Acceptance', password: 'acceptance-password-0123' })
      const issue = async (resourceId: string) =>
        (
          await issueApiToken(db.prisma, {
            name: `acceptance ${resourceId}`,
            createdById: operator.id,
            allResources: false,
            resourceIds: [resourceId],
            canWrite: true,
            expiresAt: null,
          })
        ).token
      env = {
        THREADLINE_TOKEN: await issue(TENANT),
        OTHER_TOKEN: await issue(OTHER),
        RESOURCE_ID: TENANT,
        OTHER_RESOURCE_ID: OTHER,
        OTHER_THREAD_ID: OTHER_THREAD,
      }
    } finally {
      await db.close()
    }
    app = await startApp(postgres.url)
    env.THREADLINE_URL = app.url
    // the other tenant's thread, created by the other tenant over the API
    const created = await fetch(`${app.url}/api/v1/threads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.OTHER_TOKEN ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: OTHER_THREAD, resourceId: OTHER }),
    })
    expect(created.status).toBe(200)
    await packing
  })

  test.afterAll(async () => {
    if (app) await stopApp(app.child)
    if (postgres) await postgres.stop()
    rmSync(project, { recursive: true, force: true })
  })

  test('the packed client installs with only its declared dependencies, and its types are the router’s', async () => {
    expect(readdirSync(path.join(project, 'node_modules/@threadline'))).toEqual(['client'])
    const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules/@threadline/client/package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
    }
    // self-contained: tRPC's client and superjson are bundled, nothing is installed beside it
    expect(manifest.dependencies ?? {}).toEqual({})
    // types-check.ts holds @ts-expect-error lines: tsc fails if the types were `any`
    await run(path.join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], project)
  })

  test('plain node with the client: create, 1,000 messages in batches, page, clone with options, recall, working memory, other tenant refused', async () => {
    const seen = await consumerScript(project, 'flow.mjs', env)
    const threadId = seen.threadId as string
    expect(seen).toMatchObject({
      listed: 1000,
      firstListed: `${threadId}-m0000`,
      lastListed: `${threadId}-m0999`,
      clone: { resourceId: TENANT },
      cloneMessages: 100,
      recallTop: `${threadId}-m0421`,
      workingMemory: '# Customer\n- ships to Lisbon',
      // another tenant's thread: NOT_FOUND, so a token never learns it exists; its resource: FORBIDDEN
      otherTenantThread: { code: 'NOT_FOUND' },
      otherTenantWrite: { code: 'FORBIDDEN' },
      otherTenantMemory: { code: 'FORBIDDEN' },
      badBatch: { code: 'BAD_REQUEST', data: { field: 'messages[0].role' }, message: 'messages[0].role: must be one of "user", "assistant", "system"' },
    })
    console.log(`packed client on next start + PostgreSQL: 1,000 messages in 10 batches of 100 in ${String(seen.saveMs)} ms`)
  })

  test('plain node over REST with fetch, every request and answer checked against /api/openapi.json', async () => {
    const seen = await consumerScript(project, 'rest-flow.mjs', env)
    const threadId = seen.threadId as string
    const problem = (status: number, code: string, field: string | null = null) => ({ status, contentType: 'application/problem+json', code, field })
    expect(seen).toMatchObject({
      undatedAccepted: false,
      listed: 1000,
      firstListed: `${threadId}-m0000`,
      lastListed: `${threadId}-m0999`,
      clone: { resourceId: TENANT, sourceThreadId: threadId, clonedMessages: 100 },
      cloneMessages: 100,
      recallTop: `${threadId}-m0421`,
      workingMemoryPut: '# Customer\n- ships to Lisbon',
      workingMemory: '# Customer\n- ships to Lisbon',
      otherTenantThread: problem(404, 'NOT_FOUND', 'threadId'),
      // a resource outside the token's scope names the field that named it (ResourceOutOfScopeError)
      otherTenantWrite: { ...problem(403, 'FORBIDDEN', 'resourceId'), detail: `This API token is not scoped to resource "${OTHER}"` },
      otherTenantClone: problem(403, 'FORBIDDEN', 'resourceId'),
      badBatchAccepted: false,
      badBatch: { ...problem(400, 'BAD_REQUEST', 'messages[0].role'), detail: 'messages[0].role: must be one of "user", "assistant", "system"' },
      afterBadBatch: 1000,
      noToken: problem(401, 'UNAUTHORIZED'),
    })
    console.log(`REST on next start + PostgreSQL: 1,000 messages in 10 batches of 100 in ${String(seen.saveMs)} ms`)
  })
  test('plain node streams a turn from the demo provider with the client and over REST (server-sent events), and aborts one each way', async () => {
    const seen = await consumerScript(project, 'turn.mjs', env)
    expect(seen).toMatchObject({
      first: 'started',
      last: 'finished',
      reply: expect.stringContaining('you wrote "Hello from plain node"'),
      // the aborted turn: the events up to the abort, the caller's ABORTED ThreadlineError, nothing saved (2 messages of the first turn)
      aborted: ['started', 'text'],
      abortError: 'ABORTED',
      afterClientAbort: 2,
      rest: { status: 200, contentType: 'text/event-stream', first: 'started', last: { type: 'finished', text: expect.stringContaining('Hello over REST') } },
      restAborted: ['started', 'text'],
      afterRestAbort: 4,
    })
    expect(seen.textEvents).toBeGreaterThan(10)
  })
})
