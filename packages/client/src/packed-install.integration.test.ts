// The packed client as a user gets it: `pnpm pack` (its prepack builds), the
// tarball installed by npm in a fresh project outside the workspace, then run
// from `import` and `require` against a real server, and a strict TypeScript
// check (skipLibCheck: false) of a file that uses it. No dependency is
// installed beside it (TypeScript included).
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startApiHarness, type ApiHarness } from '@threadline/api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const clientRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const typescriptBin = path.join(clientRoot, 'node_modules/typescript/bin/tsc')
/** Node's types, as a backend's project has them (@types/node): the guide's example reads process.env */
const nodeTypes = ['--typeRoots', path.resolve(clientRoot, '../../node_modules/@types'), '--types', 'node']
const backendGuide = path.resolve(clientRoot, '../../docs/client.md')

/** The TypeScript example of the backend guide (docs/client.md), exactly as a reader copies it. */
function guideExample(): string {
  const example = /```ts\n([\s\S]*?)```/.exec(readFileSync(backendGuide, 'utf8'))?.[1]
  if (!example) throw new Error(`${backendGuide} has no \`\`\`ts example`)
  return example
}

const USE_FROM_ESM = `import { createThreadlineClient, ThreadlineError } from '@threadline/client'
const client = createThreadlineClient({ url: process.env.URL, token: process.env.TOKEN })
const thread = await client.threads.create.mutate({ resourceId: 'acme', title: 'esm' })
const failure = await client.threads.get.query({ threadId: 'missing' }).catch((error) => error)
console.log(JSON.stringify({ title: thread.title, code: failure.code, typed: failure instanceof ThreadlineError }))
`
const USE_FROM_CJS = `const { createThreadlineClient } = require('@threadline/client')
const client = createThreadlineClient({ url: process.env.URL, token: process.env.TOKEN })
client.threads.create.mutate({ resourceId: 'acme', title: 'cjs' }).then((thread) => console.log(JSON.stringify({ title: thread.title })))
`
const USE_FROM_TS = `import { createThreadlineClient, ThreadlineError, type ThreadlineOutputs } from '@threadline/client'
const client = createThreadlineClient({ url: 'http://127.0.0.1:1', token: 'tl_x', timeoutMs: 5000 })
export async function typed(): Promise<string> {
  const thread = await client.threads.create.mutate({ resourceId: 'acme' }, { idempotencyKey: 'k1' })
  const page: ThreadlineOutputs['messages']['list'] = await client.messages.list.query({ threadId: thread.id, limit: 10 })
  for await (const message of client.messages.iterate({ threadId: thread.id })) console.log(message.role)
  // @ts-expect-error: role is 'user' | 'assistant' | 'system'
  await client.messages.save.mutate({ messages: [{ id: 'm', threadId: thread.id, resourceId: 'acme', role: 'robot', createdAt: new Date(), content: { format: 2, parts: [] } }] })
  try {
    await client.threads.get.query({ threadId: 'x' })
  } catch (error) {
    if (error instanceof ThreadlineError) return error.code
  }
  return page.items[0]?.id ?? thread.id
}
`

/** Runs a file with node in `cwd`; async, as the server answers in this process. */
function runNode(cwd: string, file: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [file], { cwd, env }, (error, stdout) => {
      if (error) reject(new Error(error.message))
      else resolve(stdout)
    })
  })
}

describe('the packed client installed outside the workspace', () => {
  let api: ApiHarness
  let project: string
  let files: string[]
  beforeAll(async () => {
    const packDir = mkdtempSync(path.join(tmpdir(), 'threadline-pack-'))
    project = mkdtempSync(path.join(tmpdir(), 'threadline-consumer-'))
    execFileSync('pnpm', ['pack', '--pack-destination', packDir], { cwd: clientRoot, stdio: 'pipe' })
    const tarball = path.join(packDir, readdirSync(packDir)[0]!)
    files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort()
    console.log(`packed files:\n${files.join('\n')}`)
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
    execFileSync('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, stdio: 'pipe' })
    rmSync(packDir, { recursive: true, force: true })
    api = await startApiHarness()
  }, 300_000)
  afterAll(async () => {
    await api.close()
    if (project) rmSync(project, { recursive: true, force: true })
  })

  it('holds the built code, both builds, their types, the license and no source', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'package/LICENSE',
        'package/CHANGELOG.md',
        'package/README.md',
        'package/dist/index.mjs',
        'package/dist/index.cjs',
        'package/dist/index.d.mts',
        'package/dist/index.d.cts',
      ]),
    )
    expect(files.filter((file) => file.includes('/src/'))).toEqual([])
  })

  it('installs nothing beside it (no TypeScript in a JavaScript project)', () => {
    expect(readdirSync(path.join(project, 'node_modules')).sort()).toEqual(['.package-lock.json', '@threadline'])
  })

  it('runs from import and from require against a real server', async () => {
    const { token } = await api.issueToken({ allResources: true, canWrite: true })
    const env = { ...process.env, URL: api.server.url, TOKEN: token }
    writeFileSync(path.join(project, 'use.mjs'), USE_FROM_ESM)
    writeFileSync(path.join(project, 'use.cjs'), USE_FROM_CJS)
    const run = (file: string) => runNode(project, file, env)
    expect(JSON.parse(await run('use.mjs'))).toEqual({ title: 'esm', code: 'NOT_FOUND', typed: true })
    expect(JSON.parse(await run('use.cjs'))).toEqual({ title: 'cjs' })
  })

  it("runs the backend guide's example (docs/client.md) as written: compiled with --strict, then run against a server with the demo data", async () => {
    const { token } = await api.issueToken({ allResources: true, canWrite: true })
    writeFileSync(path.join(project, 'quickstart.mts'), guideExample())
    execFileSync(
      process.execPath,
      [typescriptBin, '--strict', '--skipLibCheck', 'false', '--target', 'es2022', '--module', 'nodenext', ...nodeTypes, 'quickstart.mts'],
      {
        cwd: project,
        encoding: 'utf8',
      },
    )
    const output = await runNode(project, 'quickstart.mjs', { ...process.env, THREADLINE_URL: api.server.url, THREADLINE_API_TOKEN: token })
    expect(output).toMatch(/^will clone [1-9]\d* messages/)
  }, 180_000)

  it('type-checks a TypeScript file using it with --strict and skipLibCheck: false', () => {
    writeFileSync(path.join(project, 'use.ts'), USE_FROM_TS)
    for (const moduleKind of [
      ['--module', 'nodenext'],
      ['--module', 'preserve', '--moduleResolution', 'bundler'],
    ]) {
      const output = execFileSync(
        process.execPath,
        [typescriptBin, '--strict', '--skipLibCheck', 'false', '--noEmit', '--target', 'es2022', ...moduleKind, 'use.ts'],
        { cwd: project, encoding: 'utf8' },
      )
      expect(output).toBe('')
    }
  }, 180_000)
})
