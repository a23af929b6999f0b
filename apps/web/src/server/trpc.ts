import { initTRPC } from '@trpc/server'
import { ThreadlineError } from '@threadline/engine'
import superjson from 'superjson'
import type { Database } from '@threadline/db'
import { getDatabase } from './db.ts'
import { engineErrorToTRPCError } from './errors.ts'

export type Context = { db: Database }

export async function createContext(): Promise<Context> {
  return { db: await getDatabase() }
}

const t = initTRPC.context<Context>().create({ transformer: superjson })

/**
 * tRPC wraps anything a procedure throws as an INTERNAL_SERVER_ERROR; an engine
 * error (thread not found, bad clone options, ...) gets its proper code instead.
 */
const mapEngineErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof ThreadlineError) throw engineErrorToTRPCError(result.error.cause)
  return result
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(mapEngineErrors)
