// The PostgreSQL server's CPU time (postmaster, every backend and background
// process), so a load benchmark can put the database's share of a request
// beside the app server's. Read from /proc (Linux only): the postmaster's own
// time plus that of the children it has reaped (connections that ended), plus
// each live child's. The server must run on this machine.
import { readdirSync, readFileSync } from 'node:fs'
import type { Database } from '@threadline/db'
import { cpuMs } from './app-server.ts'
import { itemAt } from './item-at.ts'

/** The fields of /proc/<pid>/stat after the command name (field 3 is index 0). */
function statFields(pid: number): string[] | null {
  try {
    return itemAt(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') '), 1).split(' ')
  } catch {
    return null
  }
}

/** The postmaster of the server `db` is connected to: the parent of its own backend. */
export async function postmasterPid(db: Database): Promise<number> {
  const [row] = await db.prisma.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`
  const fields = row ? statFields(row.pid) : null
  if (fields === null) throw new Error('the PostgreSQL server is not a process of this machine: its CPU time cannot be read')
  // ppid is field 4
  return Number(fields[1])
}

/** CPU ms used so far by the whole PostgreSQL server (null when it cannot be read). */
export function postgresCpuMs(postmaster: number): number | null {
  const own = statFields(postmaster)
  if (own === null) return null
  // utime, stime, cutime, cstime: fields 14-17, in clock ticks (100 per second here)
  const reaped = ((Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) * 1000) / 100
  let children = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    if (statFields(Number(entry))?.[1] !== String(postmaster)) continue
    children += cpuMs(Number(entry)) ?? 0
  }
  return reaped + children
}
