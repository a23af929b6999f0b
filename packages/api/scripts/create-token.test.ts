// `pnpm token:create` on the server host: the first token without anyone
// signed in, printed once, usable at once, on the server's database.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openTestDatabase } from '@threadline/db/testing'
import { expect, it } from 'vitest'
import { verifyApiToken } from '../src/auth/api-tokens.ts'

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'create-token.ts')

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}

it('issues a scoped token on the database of DATABASE_URL, prints it alone on stdout, and refuses bad arguments', async () => {
  const db = await openTestDatabase('postgres')
  try {
    const created = await run(['--resource', 'acme', '--scope', 'write', '--name', 'backend', '--expires', '30d'], { DATABASE_URL: db.url })
    expect(created.code, created.stderr).toBe(0)
    const token = created.stdout.trim()
    expect(token).toMatch(/^tl_[A-Za-z0-9_-]{43}$/)
    expect(created.stderr).toContain('Token "backend"')
    expect(await verifyApiToken(db.prisma, token)).toMatchObject({
      name: 'backend',
      allResources: false,
      resourceIds: ['acme'],
      canWrite: true,
      canRunRules: false,
    })
    // no operator can sign in as the one the token is attributed to: it has no credential
    expect(await db.prisma.operatorAccount.count()).toBe(0)

    const refused = await run(['--resource', 'acme', '--scope', 'admin'], { DATABASE_URL: db.url })
    expect(refused.code).toBe(2)
    expect(refused.stdout).toBe('')
    expect(refused.stderr).toContain('Usage: pnpm token:create')
  } finally {
    await db.close()
  }
}, 120_000)
