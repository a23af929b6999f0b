import { openApiResponse } from '@threadline/api'

// The OpenAPI 3.1 document of /api/v1, built from the procedures' zod schemas.
export const runtime = 'nodejs'

export function GET() {
  return openApiResponse()
}
