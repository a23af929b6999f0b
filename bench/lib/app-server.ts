// The built app (or the plain diagnostic server) as a child process for the
// load benchmarks (bench/api.ts, bench/soak.ts): build check, start and stop,
// its CPU time and memory from /proc, and tRPC requests over plain HTTP.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { repoRoot } from '@threadline/db'
import { freeLoopbackPort } from '@threadline/db/testing/servers'
import { hasFlag } from './args.ts'
import { itemAt } from './item-at.ts'
import type { Report } from './report.ts'

const webDir = path.join(repoRoot, 'apps/web')
/** `require` as seen from the app, so `next start` is the app's own Next. */
const requireFromWeb = createRequire(path.join(webDir, 'package.json'))

const profileDir = path.join(repoRoot, 'bench', 'results', 'profiles')

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

export async function ensureBuild(report: Report): Promise<void> {
  const buildId = path.join(webDir, '.next', 'BUILD_ID')
  if (hasFlag('build') || !existsSync(buildId)) await run('pnpm', ['--filter', '@threadline/web', 'build'], repoRoot)
  report.note(`app build ${readFileSync(buildId, 'utf8').trim()} from ${statSync(buildId).mtime.toISOString()}`)
}

/** CPU time (user + system) the process has used so far, in ms (from /proc; Linux only). */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = itemAt(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') '), 1).split(' ')
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second here)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}

export type ServerKind = 'next' | 'plain'
export type RunningServer = { url: string; child: ChildProcess; peakRssMiB: () => number | null }

/**
 * 'next': the built app under `next start`; 'plain' (diagnostic): the same tRPC
 * handler and services behind node:http, to see what Next itself costs.
 */
export async function startServer(kind: ServerKind, databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freeLoopbackPort()
  const profile = hasFlag('profile') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  const command =
    kind === 'next'
      ? [requireFromWeb.resolve('next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1']
      : ['--import', 'tsx', path.join(repoRoot, 'bench/lib/plain-api-server.ts')]
  const child = spawn(process.execPath, [...profile, ...command], {
    cwd: kind === 'next' ? webDir : repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: databaseUrl,
      THREADLINE_AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
      // The per-token rate limit would answer 429 long before the server is saturated.
      THREADLINE_RATE_LIMIT_PER_SECOND: '1000000',
      THREADLINE_RATE_LIMIT_BURST: '1000000',
      ...env,
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += String(chunk)))
  child.stderr.on('data', (chunk) => (output += String(chunk)))
  const deadline = Date.now() + 60_000
  let url = kind === 'next' ? `http://127.0.0.1:${port}` : ''
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${kind} server exited with ${child.exitCode}:\n${output}`)
    if (url === '') url = /"url":"([^"]+)"/.exec(output)?.[1] ?? ''
    const ok =
      url !== '' &&
      (await fetch(`${url}/api/trpc/health.check`).then(
        (response) => response.ok,
        () => false,
      ))
    if (ok) break
    if (Date.now() > deadline) throw new Error(`the ${kind} server did not answer within 60 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  /** VmHWM: the server process's peak resident set size so far. */
  const peakRssMiB = () => {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]
      return kb ? Number(kb) / 1024 : null
    } catch {
      return null
    }
  }
  if (process.env.BENCH_SERVER_LOG) child.once('exit', () => console.log(`--- server output\n${output.slice(-4000)}`))
  return { url, child, peakRssMiB }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** tRPC over HTTP with the superjson transformer: queries as GET ?input=, mutations as POST. */
export type HttpRequest = { url: string; method?: string; headers?: Record<string, string>; body?: string }

export function trpcRequest(base: string, token: string, procedure: string, kind: 'query' | 'mutation', input: unknown): HttpRequest {
  const payload = JSON.stringify({ json: input })
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  return kind === 'query'
    ? { url: `${base}/api/trpc/${procedure}?input=${encodeURIComponent(payload)}`, headers }
    : { url: `${base}/api/trpc/${procedure}`, method: 'POST', headers, body: payload }
}

/** One request that must succeed; its answer's size in bytes. */
export async function send(request: HttpRequest): Promise<number> {
  const response = await fetch(request.url, {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body ? { body: request.body } : {}),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 500)}`)
  return Buffer.byteLength(text)
}
