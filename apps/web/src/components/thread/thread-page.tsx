'use client'

import { useQuery } from '@tanstack/react-query'
import { useDocumentTitle } from '../use-document-title.ts'
import { useRouter } from 'next/navigation'
import { useEffect, useMemo, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { ForkedHereMarker, BranchedFromMarker } from '../branches/fork-marker.tsx'
import { branchesByMessage } from '../branches/fork-markers.ts'
import { PromotedNotice } from '../branches/promoted-notice.tsx'
import { RedirectedNotice } from '../branches/redirected-notice.tsx'
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
import { Timeline, type TimelineEntry } from './timeline/timeline.tsx'
import { WorkingMemoryPanel } from './working-memory-panel.tsx'
import { Composer } from '../workbench/composer.tsx'
import { BackLink } from '../ui/back-link.tsx'

/** A thread's timeline with its memory side panels. */
export function ThreadPage({ id }: { id: string }) {
  const trpc = useTRPC()
  const router = useRouter()
  const info = useQuery(trpc.threads.get.queryOptions({ threadId: id }))
  // an old id (a branch promoted since) answers with the thread now holding its history: go there, saying so
  const movedTo = info.data?.redirectedFrom ? info.data.thread.id : null
  useEffect(() => {
    if (movedTo !== null) router.replace(`/threads/${encodeURIComponent(movedTo)}?movedFrom=${encodeURIComponent(id)}${window.location.hash}`)
  }, [movedTo, id, router])
  // the id names the thread itself: its other queries may run
  const current = info.isSuccess && movedTo === null
  // the thread's recorded LLM calls, by the assistant message each wrote into
  const calls = useQuery(trpc.calls.list.queryOptions({ threadId: id, limit: 200 }, { enabled: current }))
  const callsByMessage = useMemo(() => {
    const byMessage = new Map<string, NonNullable<typeof calls.data>['calls']>()
    for (const call of calls.data?.calls ?? []) {
      if (call.responseMessageId) byMessage.set(call.responseMessageId, [call, ...(byMessage.get(call.responseMessageId) ?? [])])
    }
    return byMessage
  }, [calls.data])
  const [omScope, setOmScope] = useState<OmScope>('thread')
  const om = useQuery(trpc.memory.observational.get.queryOptions({ scope: omScope, threadId: id }, { enabled: current }))
  const branches = useQuery(trpc.branches.list.queryOptions({ threadId: id }, { enabled: current }))
  const branch = info.data?.branch ?? null
  // the titles of the ancestors inherited messages live in
  const lineage = useQuery(trpc.branches.lineage.queryOptions({ threadId: id }, { enabled: current && branch !== null }))
  // a branch inherits every message up to its branch point: that message's position counts them
  const branchPoint = branch?.branchPointMessageId ?? null
  const branchPointPosition = useQuery(
    trpc.threads.timeline.positions.queryOptions({ threadId: id, messageIds: branchPoint ? [branchPoint] : [] }, { enabled: current && branchPoint !== null }),
  )

  // the messages the timeline has loaded (a window of the thread)
  const [loaded, setLoaded] = useState<TimelineEntry[]>([])
  const messages = useMemo(() => loaded.map((entry) => entry.message), [loaded])
  useDocumentTitle(info.data ? info.data.thread.title || info.data.thread.id : null)
  const forks = useMemo(() => branchesByMessage(branches.data ?? []), [branches.data])
  const titles = useMemo(() => new Map(lineage.data?.ancestors.map((ancestor) => [ancestor.id, ancestor.title])), [lineage.data])
  const inheritedCount = branchPoint ? (branchPointPosition.data?.[branchPoint] ?? 0) : 0
  const links = useMemo(() => linkToolCalls(messages), [messages])
  const marks = useMemo(() => observationMarks(om.data?.current ?? null), [om.data])
  const markedHere = messages.filter((message) => marks.has(message.id)).length
  const positions = useMemo(() => new Map(loaded.map((entry) => [entry.message.id, entry.position])), [loaded])

  return (
    <div className="space-y-5">
      <BackLink href="/">All threads</BackLink>
      {info.error ? (
        <Notice tone="error" title={errorCode(info.error) === 'NOT_FOUND' ? 'Thread not found' : 'Could not load the thread'}>
          {describeError(info.error)}
        </Notice>
      ) : !info.data || movedTo !== null ? (
        <Loading label={movedTo === null ? 'Loading thread…' : 'This branch was promoted: opening the thread that holds its history…'} />
      ) : (
        <>
          <ThreadHeader
            thread={info.data.thread}
            messageCount={info.data.messageCount}
            branch={branch}
            inheritedCount={inheritedCount}
            branches={branches.data ?? []}
          />
          <CloneResultBanner threadId={info.data.thread.id} />
          <PromotedNotice />
          <RedirectedNotice threadTitle={info.data.thread.title} />
          <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <section aria-label="Timeline" className="min-w-0 space-y-3">
              <Timeline
                threadId={info.data.thread.id}
                onLoaded={setLoaded}
                empty={
                  <div className="rounded-lg border border-slate-200 bg-white">
                    <EmptyState title="No messages" description="This thread has no messages yet (an empty clone, or a thread whose agent has not answered)." />
                  </div>
                }
                renderMessage={({ message, position }, highlighted) => (
                  <>
                    <MessageCard
                      message={message}
                      position={position}
                      threadId={id}
                      links={links}
                      mark={marks.get(message.id) ?? null}
                      highlighted={highlighted}
                      inheritedFrom={message.threadId === id ? null : { threadId: message.threadId, title: titles.get(message.threadId) ?? null }}
                    />
                    {message.role === 'assistant' && <CallStrip calls={callsByMessage.get(message.id) ?? []} />}
                    <ForkedHereMarker branches={forks.get(message.id) ?? []} />
                    {message.id === branch?.branchPointMessageId && (
                      <BranchedFromMarker
                        parentThreadId={branch.parentThreadId}
                        parentTitle={branch.parentTitle}
                        branchPointMessageId={branch.branchPointMessageId}
                        position={position}
                      />
                    )}
                  </>
                )}
              />
              <Composer threadId={info.data.thread.id} resourceId={info.data.thread.resourceId} />
            </section>
            <aside aria-label="Thread memory" className="grid min-w-0 items-start gap-4 md:grid-cols-2 lg:grid-cols-1">
              <LineagePanel info={info.data} />
              <WorkingMemoryPanel threadId={info.data.thread.id} resourceId={info.data.thread.resourceId} />
              <ObservationalMemoryPanel
                scope={omScope}
                onScopeChange={setOmScope}
                memory={om.data}
                error={om.error}
                markedHere={markedHere}
                positions={positions}
              />
              <EmbeddingsPanel threadId={info.data.thread.id} />
            </aside>
          </div>
        </>
      )}
    </div>
  )
}
