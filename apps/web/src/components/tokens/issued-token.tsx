'use client'

import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { CopyButton } from '../ui/copy-button.tsx'
import { Notice } from '../ui/notice.tsx'
import { TokenUsage } from './token-usage.tsx'

type Issued = RouterOutputs['tokens']['issue']

/**
 * A newly issued token's secret, shown once, with its usage snippets. Once the list says the token was revoked (here
 * or anywhere else), the secret and the snippets go: they would only hand out a credential that no longer works.
 */
export function IssuedToken({ issued }: { issued: Issued }) {
  const trpc = useTRPC()
  // the tokens list's own query (one cache entry): its revoke invalidates it
  const tokens = useQuery(trpc.tokens.list.queryOptions())
  const { name } = issued.summary
  const revoked = tokens.data?.some((token) => token.id === issued.summary.id && token.revokedAt !== null) ?? false
  if (revoked) {
    return (
      <Notice tone="info" title={`Token “${name}” was revoked`} className="mt-4" testId="issued-token">
        Its secret no longer works, so it is no longer shown. Issue a new token for the backend that used it.
      </Notice>
    )
  }
  return (
    <Notice tone="success" title={`Token “${name}” issued`} className="mt-4" testId="issued-token">
      <p>Copy it now: it is stored hashed and will not be shown again.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs text-slate-800 ring-1 ring-emerald-200 [overflow-wrap:anywhere]"
          data-testid="token-secret"
        >
          {issued.token}
        </code>
        <CopyButton text={issued.token} />
      </div>
      <TokenUsage token={issued.token} resourceIds={issued.summary.resourceIds} canWrite={issued.summary.canWrite} />
    </Notice>
  )
}
