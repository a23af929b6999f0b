import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { appRouter } from '@/server/routers/app.ts'
import { createContext } from '@/server/trpc.ts'

// Node runtime: the database (PGlite or pg) lives in this server process.
export const runtime = 'nodejs'

function handler(request: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext,
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'} failed:`, error.cause ?? error)
    },
  })
}

export { handler as GET, handler as POST }
