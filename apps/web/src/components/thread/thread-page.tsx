'use client'

import { useQuery } from '@tanstack/react-query'
import { useDocumentTitle } from '../use-document-title.ts'
import { useMemo, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { ForkedHereMarker, BranchedFromMarker } from '../branches/fork-marker.tsx'
import { branchesByMessage } from '../branches/fork-markers.ts'
import { PromotedNotice } from '../branches/promoted-notice.tsx'
import { CallStrip } from '../calls/call-strip.tsx'
import { EmptyState } from '../empty-state.tsx'
import { describeError, errorCode } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Loading } from '../ui/progress.tsx'
import { CloneResultBanner } from './clone-result-banner.tsx'
import { EmbeddingsPanel } from './embeddings-panel.tsx'
import { LineagePanel } from './lineage-panel.tsx'
import { MessageCard } from './message-card.tsx'
import { observationMarks } from './observation-marks.ts'
import { ObservationalMemoryPanel, type OmScope } from './observational-memory-panel.tsx'
import { ThreadHeader } from './thread-header.tsx'
import { linkToolCalls } from './tool-links.ts'
import { useMessageHash } from './use-message-hash.ts'
import { WorkingMemoryPanel } from './working-memory-panel.tsx'
import { Composer } from '../workbench/composer.tsx'
import { BackLink } from '../ui/back-link.tsx'

const MESSAGE_LIMIT = 1000

/** A thread's timeline with its memory side panels. */
export function ThreadPage({ id }: { id: string }) {
  const trpc = useTRPC()
  const thread = useQuery(trpc.threads.byId.queryOptions({ id, messageLimit: MESSAGE_LIMIT }))
  const info = useQuery(trpc.threads.get.queryOptions({ threadId: id }))
  // the thread's recorded LLM calls, by the assistant message each wrote into
  const calls = useQuery(trpc.calls.list.queryOptions({ threadId: id, limit: 200 }))
  const callsByMessage = useMemo(() => {
    const byMessage = new Map<string, NonNullable<typeof calls.data>['calls']>()
    for (const call of calls.data?.calls ?? []) {
      if (call.responseMessageId) byMessage.set(call.responseMessageId, [call, ...(byMessage.get(call.responseMessageId) ?? [])])
    }
    return byMessage
  }, [calls.data])
  const [omScope, setOmScope] = useState<OmScope>('thread')
  const om = useQuery(trpc.memory.observational.get.queryOptions({ scope: omScope, threadId: id }, { enabled: thread.isSuccess }))
  const highlighted = useMessageHash(thread.isSuccess)
  const branches = useQuery(trpc.branches.list.queryOptions({ threadId: id }))
  const branch = info.data?.branch ?? null
  // the titles of the ancestors inherited messages live in
  const lineage = useQuery(trpc.branches.lineage.queryOptions({ threadId: id }, { enabled: branch !== null }))

  const messages = thread.data?.messages
  useDocumentTitle(thread.data ? thread.data.thread.title || thread.data.thread.id : null)
  const forks = useMemo(() => branchesByMessage(branches.data ?? []), [branches.data])
  const titles = useMemo(() => new Map(lineage.data?.ancestors.map((ancestor) => [ancestor.id, ancestor.title])), [lineage.data])
  const inheritedCount = messages?.filter((message) => message.threadId !== id).length ?? 0
  const branchPointIndex = branch ? (messages?.findIndex((message) => message.id === branch.branchPointMessageId) ?? -1) : -1
  const links = useMemo(() => linkToolCalls(messages ?? []), [messages])
  const marks = useMemo(() => observationMarks(om.data?.current ?? null), [om.data])
  const markedHere = messages?.filter((message) => marks.has(message.id)).length ?? 0
  const positions = useMemo(() => new Map(messages?.map((message, index) => [message.id, index + 1])), [messages])

  return (
    <div className="space-y-5">
      <BackLink href="/">All threads</BackLink>
      {thread.error ? (
        <Notice tone="error" title={errorCode(thread.error) === 'NOT_FOUND' ? 'Thread not found' : 'Could not load the thread'}>
          {describeError(thread.error)}
        </Notice>
      ) : !thread.data ? (
        <Loading label="Loading thread…" />
      ) : (
        <>
          <ThreadHeader
            thread={thread.data.thread}
            messageCount={thread.data.messageCount}
            branch={branch}
            inheritedCount={inheritedCount}
            branchCount={branches.data?.length ?? 0}
          />
          <CloneResultBanner threadId={thread.data.thread.id} />
          <PromotedNotice />
          <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <section aria-label="Timeline" className="min-w-0 space-y-3">
              {thread.data.messages.length === 0 ? (
                <div className="rounded-lg border border-slate-200 bg-white">
                  <EmptyState title="No messages" description="This thread has no messages yet (an empty clone, or a thread whose agent has not answered)." />
                </div>
              ) : (
                <ol className="space-y-3" aria-label="Messages">
                  {thread.data.messages.map((message, index) => (
                    <li key={message.id}>
                      <MessageCard
                        message={message}
                        position={index + 1}
                        threadId={thread.data.thread.id}
                        links={links}
                        mark={marks.get(message.id) ?? null}
                        highlighted={highlighted === message.id}
                        inheritedFrom={message.threadId === id ? null : { threadId: message.threadId, title: titles.get(message.threadId) ?? null }}
                      />
                      {message.role === 'assistant' && <CallStrip calls={callsByMessage.get(message.id) ?? []} />}
                      <ForkedHereMarker branches={forks.get(message.id) ?? []} />
                      {branch && index === branchPointIndex && (
                        <BranchedFromMarker
                          parentThreadId={branch.parentThreadId}
                          parentTitle={branch.parentTitle}
                          branchPointMessageId={branch.branchPointMessageId}
                          position={index + 1}
                        />
                      )}
                    </li>
                  ))}
                </ol>
              )}
              {thread.data.messageCount > thread.data.messages.length && (
                <p className="text-center text-sm text-slate-500">
                  Showing the first {thread.data.messages.length} of {thread.data.messageCount} messages.
                </p>
              )}
              <Composer threadId={thread.data.thread.id} resourceId={thread.data.thread.resourceId} />
            </section>
            <aside aria-label="Thread memory" className="grid min-w-0 items-start gap-4 md:grid-cols-2 lg:grid-cols-1">
              <LineagePanel info={info.data} />
              <WorkingMemoryPanel threadId={thread.data.thread.id} resourceId={thread.data.thread.resourceId} />
              <ObservationalMemoryPanel
                scope={omScope}
                onScopeChange={setOmScope}
                memory={om.data}
                error={om.error}
                markedHere={markedHere}
                positions={positions}
              />
              <EmbeddingsPanel threadId={thread.data.thread.id} />
            </aside>
          </div>
        </>
      )}
    </div>
  )
}
