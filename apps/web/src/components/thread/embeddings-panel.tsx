'use client'

import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { IndexAll } from '../indexing/index-all.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { ProgressBar, Spinner } from '../ui/progress.tsx'
import { plural } from '../format.ts'

/** How many of the thread's messages have a vector, and a way to embed those that have none yet. */
export function EmbeddingsPanel({ threadId }: { threadId: string }) {
  const trpc = useTRPC()
  const status = useQuery(trpc.recall.status.queryOptions({ threadId }))
  const data = status.data
  return (
    <Panel title="Recall index" description="What recall can search in this thread." testId="embeddings-panel">
      <div className="space-y-3 text-sm">
        {status.error ? (
          <Notice tone="error" title="Could not load the embeddings status">
            {describeError(status.error)}
          </Notice>
        ) : !data ? (
          <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
            <Spinner className="size-3.5" /> Counting vectors…
          </p>
        ) : data.model === null ? (
          <div className="space-y-1">
            <p className="font-medium text-slate-900" data-testid="embeddings-status">
              Full-text recall: all {plural(data.messages, 'message')} searchable
            </p>
            <p className="text-xs text-slate-500">
              No embedding model is configured, so recall uses PostgreSQL full-text search, which the database keeps indexed as messages are written. Configure
              an embedding model for hybrid recall.
            </p>
          </div>
        ) : !data.vectorsAvailable ? (
          <div className="space-y-1">
            <Badge tone="amber">Semantic recall unavailable: no pgvector</Badge>
            <p className="text-xs text-slate-500">
              This PostgreSQL server has no pgvector extension, so none of the thread's {data.messages} message
              {data.messages === 1 ? '' : 's'} can be indexed.
            </p>
          </div>
        ) : (
          <div className="space-y-1.5">
            <p className="flex flex-wrap items-baseline justify-between gap-x-2">
              <span className="font-medium text-slate-900" data-testid="embeddings-status">
                {data.withVector} of {data.messages} messages indexed
              </span>
              <span className="font-mono text-[11px] text-slate-400" title="The server's embedding model">
                {data.model}
              </span>
            </p>
            <ProgressBar value={data.messages === 0 ? 1 : data.withVector / data.messages} label="Messages indexed" />
            <p className="text-xs text-slate-500">
              New messages are embedded by a background job right after they are saved; cloned ones when cloned; imported or seeded ones by “Index all”. A
              message with nothing to embed (no text or tool call) gets no vector.
            </p>
          </div>
        )}
        {data !== undefined && data.model !== null && data.vectorsAvailable && <IndexAll scope={{ threadId }} label="this thread" />}
      </div>
    </Panel>
  )
}
