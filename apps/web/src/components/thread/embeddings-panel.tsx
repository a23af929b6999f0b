'use client'

import { useMutation, useQuery } from '@tanstack/react-query'
import { useTRPC } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'

/** Whether semantic recall works here, and a way to embed the thread's messages that have no vector yet. */
export function EmbeddingsPanel({ threadId, messageCount }: { threadId: string; messageCount: number }) {
  const trpc = useTRPC()
  const health = useQuery(trpc.health.check.queryOptions(undefined, { staleTime: 60_000 }))
  const index = useMutation(trpc.recall.indexThread.mutationOptions())
  const available = health.data?.semanticRecall
  return (
    <Panel title="Embeddings" description="Vectors behind semantic recall." testId="embeddings-panel">
      <div className="space-y-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-600">Semantic recall</span>
          {health.data ? (
            <Badge tone={available ? 'emerald' : 'amber'}>{available ? `on (${health.data.database})` : 'unavailable: no pgvector'}</Badge>
          ) : (
            <Spinner className="size-3.5 text-slate-400" />
          )}
        </div>
        <p className="text-xs text-slate-500">
          New and cloned messages are embedded when they are saved. Imported or seeded messages are embedded by indexing the thread
          ({messageCount} message{messageCount === 1 ? '' : 's'}).
        </p>
        <Button size="sm" disabled={!available || index.isPending} onClick={() => index.mutate({ threadId })}>
          {index.isPending ? (
            <>
              <Spinner className="size-3.5" /> Indexing…
            </>
          ) : (
            'Index missing vectors'
          )}
        </Button>
        {index.data && (
          <Notice tone="success">
            Indexed the thread's {index.data.messages} messages: those without a vector were embedded.
          </Notice>
        )}
        {index.error && (
          <Notice tone="error" title="Indexing failed">
            {describeError(index.error)}
          </Notice>
        )}
      </div>
    </Panel>
  )
}
