// The published shape of @threadline/client, as a user gets it: built, packed
// with `pnpm pack`, installed from the tarball into a fresh project OUTSIDE the
// workspace (offline, from the local pnpm store), then used with plain `node`
// (no tsx) against the API handler served on a loopback node:http server (the
// same fetch handler Next's route serves; a Next build is too slow for a test
// here). Its .d.ts is checked with tsc in that project too.
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startApiHarness, type ApiHarness } from '@threadline/api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const consumerFixtures = path.join(packageDir, 'test/consumer')

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    // the command's own output says what failed (tsc's diagnostics, node's stack)
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error })
  }
}

const execFileAsync = promisify(execFile)

describe('@threadline/client from its packed tarball, outside the workspace', () => {
  let api: ApiHarness
  let project: string
  let token: string
  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'threadline-client-consumer-'))
    run('pnpm', ['run', 'build'], packageDir)
    run('pnpm', ['pack', '--pack-destination', project], packageDir)
    const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'))!
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({
        name: 'consumer',
        private: true,
        type: 'module',
        dependencies: { '@threadline/client': `file:./${tarball}` },
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
    copyFileSync(path.join(consumerFixtures, 'flow.mjs'), path.join(project, 'flow.mjs'))
    copyFileSync(path.join(consumerFixtures, 'types-check.ts'), path.join(project, 'types-check.ts'))
    // offline: every package comes from the local pnpm store; no workspace is above a temp folder
    run('pnpm', ['install', '--offline', '--ignore-workspace'], project)
    api = await startApiHarness()
    token = (await api.issueToken({ resourceIds: ['packed-client-tenant'], canWrite: true })).token
    await api.services.memory.createThread({ threadId: 'packed-other-thread', resourceId: 'packed-other-tenant' })
  }, 600_000)
  afterAll(async () => {
    await api.close()
    rmSync(project, { recursive: true, force: true })
  })

  it('installs with only its declared dependencies: ESM, no workspace package', () => {
    const installed = readdirSync(path.join(project, 'node_modules/@threadline'))
    expect(installed).toEqual(['client'])
    const manifest = JSON.parse(
      run('node', ['-e', "process.stdout.write(JSON.stringify(require('./node_modules/@threadline/client/package.json')))"], project),
    ) as {
      dependencies: Record<string, string>
    }
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@ai-sdk/provider', '@trpc/client', '@trpc/server', 'superjson', 'zod'])
  })

  it("type-checks a user's code against the router's types (tsc with the package's .d.ts)", () => {
    // types-check.ts holds @ts-expect-error lines: tsc fails if the types were `any`
    expect(() => run(path.join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], project)).not.toThrow()
  }, 120_000)

  it('runs the flow under plain node: create, 1,000 messages in batches, page, clone with options, recall, working memory, other tenant refused', async () => {
    // asynchronously: the server answering it runs in this process
    const { stdout: output } = await execFileAsync('node', ['flow.mjs'], {
      cwd: project,
      env: {
        ...process.env,
        THREADLINE_URL: api.server.url,
        THREADLINE_TOKEN: token,
        RESOURCE_ID: 'packed-client-tenant',
        OTHER_THREAD_ID: 'packed-other-thread',
        OTHER_RESOURCE_ID: 'packed-other-tenant',
      },
    })
    const seen = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>
    const threadId = seen.threadId as string
    expect(seen).toMatchObject({
      listed: 1000,
      firstListed: `${threadId}-m0000`,
      lastListed: `${threadId}-m0999`,
      clone: { resourceId: 'packed-client-tenant' },
      cloneMessages: 100,
      recallTop: `${threadId}-m0421`,
      workingMemory: '# Customer\n- ships to Lisbon',
      // another tenant's thread: NOT_FOUND, so a token never learns it exists; its resource: FORBIDDEN
      otherTenantThread: { code: 'NOT_FOUND' },
      otherTenantWrite: { code: 'FORBIDDEN' },
      otherTenantMemory: { code: 'FORBIDDEN' },
      badBatch: { code: 'BAD_REQUEST', data: { field: 'messages[0].role' }, message: 'messages[0].role: must be one of "user", "assistant", "system"' },
    })
    expect(await api.services.memory.countMessages({ threadId })).toBe(1000)
    console.log(`packed client: 1,000 messages saved in 10 batches in ${String(seen.saveMs)} ms`)
  }, 300_000)
})
