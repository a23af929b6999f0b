import { getServices, handleRestRequest } from '@threadline/api'

// The REST surface (docs/api.md, "REST and OpenAPI"); Node runtime like /api/trpc.
export const runtime = 'nodejs'

async function handler(request: Request) {
  return handleRestRequest(request, await getServices())
}

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE }
