// The tRPC endpoint as a fetch handler: Next's route handler serves it, and
// the integration tests put it behind node:http on a loopback port.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { TRPCError } from '@trpc/server'
import { authenticate } from './auth/authenticate.ts'
import { bearerChallenge } from './auth/bearer-challenge.ts'
import { bearerTokenOf } from './auth/csrf.ts'
import { clientAddressesOf } from './auth/client-address.ts'
import { limitRequestBody } from './body-limit.ts'
import type { Caller } from './auth/caller.ts'
import { appRouter } from './routers/app.ts'
import type { Services } from './services.ts'
import type { Context } from './trpc.ts'

export const TRPC_ENDPOINT = '/api/trpc'

/** A refused caller's 401 tells how to authenticate: `WWW-Authenticate` (tRPC and REST answers alike carry `resHeaders`). */
async function challengeUnauthenticated(caller: Promise<Caller>, headers: Headers, resHeaders: Headers): Promise<Caller> {
  try {
    return await caller
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') resHeaders.set('www-authenticate', bearerChallenge(bearerTokenOf(headers) !== null))
    throw error
  }
}

export function createContextFactory(services: Services) {
  return ({ req, resHeaders }: { req: Request; resHeaders: Headers }): Context => {
    let caller: Promise<Caller> | undefined
    const { address, forwardedFor } = clientAddressesOf(req.headers, services.config.trustedProxyHops)
    return {
      services,
      headers: req.headers,
      resHeaders,
      clientAddress: address,
      forwardedFor,
      getCaller: () =>
        (caller ??= challengeUnauthenticated(
          authenticate({ prisma: services.db.prisma, auth: services.auth, tokens: services.tokenCache }, req.headers),
          req.headers,
          resHeaders,
        )),
    }
  }
}

/** A request id the caller sent (`x-request-id`, the client sends one on every call), when it is a plain token. */
function requestIdOf(request: Request): string | null {
  const id = request.headers.get('x-request-id')
  return id !== null && /^[\w.:-]{1,128}$/.test(id) ? id : null
}

export async function handleTrpcRequest(incoming: Request, services: Services): Promise<Response> {
  const request = await limitRequestBody(incoming, services.config.maxBodyBytes)
  const response =
    request instanceof Response
      ? request
      : await fetchRequestHandler({ endpoint: TRPC_ENDPOINT, req: request, router: appRouter, createContext: createContextFactory(services) })
  // echoed, so the caller's log line and its error name the request the server answered
  const requestId = requestIdOf(incoming)
  if (requestId) response.headers.set('x-request-id', requestId)
  return response
}
