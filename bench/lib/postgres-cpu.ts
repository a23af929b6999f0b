// CPU time of a local PostgreSQL server (Linux /proc): the postmaster, its live
// children (backends, autovacuum, WAL writer, ...) and the children it has
// already reaped. Found from one backend's parent, so it works for the
// throwaway server and for a local BENCH_DATABASE_URL alike.
import { readdirSync, readFileSync } from 'node:fs'
import type { Database } from '@threadline/db'
import { itemAt } from './item-at.ts'

/** Fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, ... [11] utime, [12] stime, [13] cutime, [14] cstime (clock ticks). */
function statFields(pid: number): string[] | null {
  try {
    return itemAt(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') '), 1).split(' ')
  } catch {
    return null
  }
}

const ticksToMs = (ticks: number) => (ticks * 1000) / 100

/** A meter of the server's CPU ms, or null when the server is not on this machine. */
export async function postgresCpuMeter(db: Database): Promise<(() => number) | null> {
  const [row] = await db.prisma.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid')
  const backend = statFields(row?.pid ?? -1)
  if (backend === null) return null
  const postmaster = Number(backend[1])
  return () => {
    const own = statFields(postmaster)
    if (own === null) return Number.NaN
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const fields = statFields(Number(entry))
      if (fields !== null && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12])
    }
    return ticksToMs(ticks)
  }
}
