'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { EmptyState } from '../empty-state.tsx'
import { formatDateTime, formatRelative } from '../format.ts'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'

type Token = RouterOutputs['tokens']['list'][number]

function tokenState(token: Token): { label: string; tone: 'emerald' | 'slate' | 'amber' } {
  if (token.revokedAt) return { label: 'Revoked', tone: 'slate' }
  if (token.expiresAt && token.expiresAt <= new Date()) return { label: 'Expired', tone: 'amber' }
  return { label: 'Active', tone: 'emerald' }
}

/** Every token, newest first; active ones can be revoked (after a confirmation). */
export function TokensList() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const tokens = useQuery(trpc.tokens.list.queryOptions())
  const [confirming, setConfirming] = useState<string | null>(null)
  const [revoked, setRevoked] = useState<string | null>(null)
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess: async (token) => {
        setConfirming(null)
        setRevoked(token.name)
        await queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() })
      },
    }),
  )

  return (
    <Panel title="Tokens" description="Revoking takes effect at once: the token's next request is refused." bodyClassName="">
      {revoked && (
        <Notice tone="success" className="m-3">
          Token “{revoked}” revoked.
        </Notice>
      )}
      {revoke.error && (
        <Notice tone="error" title="Could not revoke the token" className="m-3">
          {describeError(revoke.error)}
        </Notice>
      )}
      {tokens.error ? (
        <Notice tone="error" title="Could not load the tokens" className="m-3">
          {describeError(tokens.error)}
        </Notice>
      ) : !tokens.data ? (
        <div className="px-4">
          <Loading label="Loading tokens…" />
        </div>
      ) : tokens.data.length === 0 ? (
        <EmptyState title="No API tokens yet" description="Issue one to let an app backend call the Threadline API." />
      ) : (
        <ul className="divide-y divide-slate-100">
          {tokens.data.map((token) => {
            const state = tokenState(token)
            return (
              <li key={token.id} className="flex flex-wrap items-start gap-3 px-4 py-3" data-testid="token-row">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{token.name}</span>
                    <Badge tone={state.tone}>{state.label}</Badge>
                    <Badge tone={token.canWrite ? 'violet' : 'slate'}>{token.canWrite ? 'read + write' : 'read only'}</Badge>
                    {token.canRunRules && <Badge tone="amber">runs custom rules</Badge>}
                  </div>
                  <p className="mt-1 font-mono text-xs text-slate-500">{token.prefix}…</p>
                  <p className="mt-1 flex flex-wrap gap-1">
                    {token.allResources ? <Badge tone="indigo">all resources</Badge> : token.resourceIds.map((id) => <Badge key={id}>{id}</Badge>)}
                  </p>
                  <p className="mt-1 text-xs text-slate-500">
                    Issued {formatDateTime(token.createdAt)}
                    {token.expiresAt && ` · expires ${formatDateTime(token.expiresAt)}`}
                    {` · last used ${token.lastUsedAt ? formatRelative(token.lastUsedAt) : 'never'}`}
                    {token.revokedAt && ` · revoked ${formatDateTime(token.revokedAt)}`}
                  </p>
                </div>
                {!token.revokedAt &&
                  (confirming === token.id ? (
                    <div className="flex items-center gap-2">
                      <span className="text-xs text-slate-600">Revoke “{token.name}”?</span>
                      <Button size="sm" variant="danger" onClick={() => revoke.mutate({ id: token.id })} disabled={revoke.isPending}>
                        {revoke.isPending ? 'Revoking…' : 'Yes, revoke'}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        Cancel
                      </Button>
                    </div>
                  ) : (
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => {
                        setRevoked(null)
                        setConfirming(token.id)
                      }}
                    >
                      Revoke
                    </Button>
                  ))}
              </li>
            )
          })}
        </ul>
      )}
    </Panel>
  )
}
