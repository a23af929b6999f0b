// A throwaway PostgreSQL 15 server from the installed binaries, on a free
// loopback port, for the tests. As root the server runs as `postgres` (it
// refuses to run as root); otherwise as the current user.
import { execFile } from 'node:child_process'
import { chown, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freeLoopbackPort } from './free-port.ts'

const run = promisify(execFile)

export const defaultPostgresBinDir = '/usr/lib/postgresql/15/bin'

export type PostgresServer = { url: string; stop(): Promise<void> }

const folderPrefix = 'threadline-pg-'
// The test run that started a server: when it is gone (killed before its
// teardown), the server is an orphan the next run stops.
const ownerFile = 'owner.pid'

const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

type PgTool = (tool: string, args: string[]) => Promise<unknown>

function pgTools(binDir: string): PgTool {
  const asRoot = process.getuid?.() === 0
  return (tool, args) => {
    const command = path.join(binDir, tool)
    return asRoot ? run('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(shellQuote).join(' ')]) : run(command, args)
  }
}

/** Stops servers left behind by test runs that no longer exist (only folders with an owner file). */
async function stopOrphanedServers(pg: PgTool): Promise<void> {
  const folders = (await readdir(tmpdir())).filter((name) => name.startsWith(folderPrefix))
  for (const name of folders) {
    const dir = path.join(tmpdir(), name)
    const owner = Number(await readFile(path.join(dir, ownerFile), 'utf8').catch(() => ''))
    if (!owner || isAlive(owner)) continue
    await pg('pg_ctl', ['stop', '-D', path.join(dir, 'data'), '-m', 'immediate', '-w']).catch(() => {})
    await rm(dir, { recursive: true, force: true })
  }
}

export async function startPostgresServer(options: { binDir?: string; database?: string } = {}): Promise<PostgresServer> {
  const binDir = options.binDir ?? defaultPostgresBinDir
  const database = options.database ?? 'threadline_test'
  const asRoot = process.getuid?.() === 0
  const pg = pgTools(binDir)
  await stopOrphanedServers(pg)
  const dir = await mkdtemp(path.join(tmpdir(), folderPrefix))
  await writeFile(path.join(dir, ownerFile), String(process.pid))
  const dataDir = path.join(dir, 'data')
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    await chown(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const port = await freeLoopbackPort()
  // Durability is pointless for a throwaway server; speed is not.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  try {
    await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
    await pg('pg_ctl', ['start', '-D', dataDir, '-w', '-l', path.join(dir, 'server.log'), '-o', serverOptions])
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  const stop = async () => {
    try {
      await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w'])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  try {
    await pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database])
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `postgresql://postgres@127.0.0.1:${port}/${database}`, stop }
}
