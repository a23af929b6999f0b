// Every API endpoint behind one fetch handler, by path: tRPC (/api/trpc), REST
// (/api/v1) and the OpenAPI document. Next mounts each in its own route; the
// integration tests serve this one on a loopback port.
import { handleTrpcRequest, TRPC_ENDPOINT } from './http-handler.ts'
import { OPENAPI_PATH, openApiDocument } from './rest/openapi-document.ts'
import { REST_BASE_PATH } from './rest/path-segments.ts'
import { handleRestRequest } from './rest/rest-handler.ts'
import type { Services } from './services.ts'

/** The OpenAPI document as its route answers it. */
export function openApiResponse(): Response {
  return Response.json(openApiDocument(), { headers: { 'cache-control': 'no-cache' } })
}

export async function handleApiRequest(request: Request, services: Services): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (pathname === OPENAPI_PATH) return openApiResponse()
  if (pathname === REST_BASE_PATH || pathname.startsWith(`${REST_BASE_PATH}/`)) return handleRestRequest(request, services)
  if (pathname.startsWith(TRPC_ENDPOINT)) return handleTrpcRequest(request, services)
  return new Response('Not found', { status: 404 })
}
