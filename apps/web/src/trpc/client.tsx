'use client'

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink, httpBatchStreamLink, splitLink, TRPCClientError } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import { useState, type ReactNode } from 'react'
import superjson from 'superjson'
import type { AppRouter } from '@threadline/api'
import { isStreamingCall } from '@threadline/api/client'
import { isPublicPage } from '@/public-pages.ts'

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

/**
 * A session that expired (or was ended elsewhere) makes every call UNAUTHORIZED:
 * send the operator to the sign-in page, back here afterwards.
 */
/** The tRPC error data (code, HTTP status) of a failed call, when it failed with a tRPC error. */
function trpcErrorData(error: unknown): { code?: string; httpStatus?: number } | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string; httpStatus?: number } | undefined) : undefined
}

function signInAgainWhenUnauthorized(error: unknown) {
  if (trpcErrorData(error)?.code !== 'UNAUTHORIZED') return
  // a public page works without a session: nothing to sign in again for
  if (isPublicPage(window.location.pathname)) return
  const next = `${window.location.pathname}${window.location.search}`
  window.location.assign(`/sign-in?next=${encodeURIComponent(next)}`)
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: signInAgainWhenUnauthorized }),
    mutationCache: new MutationCache({ onError: signInAgainWhenUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // a 4xx answer will not change on a second try
        retry: (failures, error) => failures < 1 && (trpcErrorData(error)?.httpStatus ?? 500) >= 500,
      },
    },
  })
}

/** The tRPC + React Query clients for the whole app (one per browser tab). */
export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient)
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      // the CSRF header the server requires on mutations made with the session cookie; the
      // workbench's streamed turns go one per request, so cancelling one closes its request
      links: [
        splitLink({
          condition: isStreamingCall,
          true: httpBatchStreamLink({ url: '/api/trpc', transformer: superjson, headers: { 'x-threadline-csrf': '1' }, maxItems: 1 }),
          false: httpBatchLink({ url: '/api/trpc', transformer: superjson, headers: { 'x-threadline-csrf': '1' } }),
        }),
      ],
    }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  )
}
