import { getServices, handleTrpcRequest } from '@threadline/api'

// Node runtime: the database (PGlite or pg) lives in this server process.
export const runtime = 'nodejs'

async function handler(request: Request) {
  return handleTrpcRequest(request, await getServices())
}

export { handler as GET, handler as POST }
