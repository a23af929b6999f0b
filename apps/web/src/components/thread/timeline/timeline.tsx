'use client'

import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { Button } from '../../ui/button.tsx'
import { describeError, errorCode } from '../../ui/describe-error.ts'
import { Notice } from '../../ui/notice.tsx'
import { Loading, Spinner } from '../../ui/progress.tsx'
import { messageAnchor, messageHash, messageIdFromHash } from '../anchors.ts'
import { TimelineToolbar } from './timeline-toolbar.tsx'
import { useOnVisible } from './use-on-visible.ts'
import { useTimelineWindow, type TimelineAt, type TimelineMessage } from './use-timeline-window.ts'

/** What to scroll to once it is loaded: a message, a position, or the newest message. */
type Focus = { messageId: string } | { position: number } | 'end'

export type TimelineEntry = { message: TimelineMessage; position: number }

/**
 * A thread's messages of any number: opened at the newest (or at the message
 * the URL's `#m-<id>` names, highlighted), loaded a page at a time while
 * scrolling either way, with first / latest, jump to #N and find-in-thread.
 * Only the loaded pages are in the page; `renderMessage` draws each.
 */
export function Timeline({
  threadId,
  renderMessage,
  onLoaded,
  empty,
}: {
  threadId: string
  renderMessage: (entry: TimelineEntry, highlighted: boolean) => ReactNode
  /** the loaded messages, whenever they change (tool links, memory marks) */
  onLoaded: (entries: TimelineEntry[]) => void
  empty: ReactNode
}) {
  // null until the URL's hash is read (after hydration: the server has none)
  const [at, setAt] = useState<TimelineAt | null>(null)
  const [focus, setFocus] = useState<Focus | null>(null)
  const [highlighted, setHighlighted] = useState<string | null>(null)
  const [missing, setMissing] = useState<string | null>(null)
  const { query, messages, total } = useTimelineWindow(threadId, at ?? 'latest', at !== null)
  const { fetchNextPage, fetchPreviousPage, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage } = query
  const loaded = useRef(messages)
  loaded.current = messages

  const openMessage = useCallback((messageId: string) => {
    setMissing(null)
    setHighlighted(messageId)
    setFocus({ messageId })
    if (!loaded.current.some((entry) => entry.message.id === messageId)) setAt({ messageId })
  }, [])

  function jump(position: number) {
    setMissing(null)
    setFocus({ position })
    if (!loaded.current.some((entry) => entry.position === position)) setAt({ position })
  }

  function latest() {
    setMissing(null)
    setFocus('end')
    if (hasNextPage || at === null) setAt('latest')
  }

  useEffect(() => {
    const fromHash = () => {
      const messageId = messageIdFromHash(window.location.hash)
      if (messageId !== null) openMessage(messageId)
      return messageId
    }
    if (fromHash() === null) {
      setAt('latest')
      setFocus('end')
    }
    window.addEventListener('hashchange', fromHash)
    return () => window.removeEventListener('hashchange', fromHash)
  }, [openMessage])

  // a link to a message not in this thread: say so, and show the newest messages
  const notFound = query.error && errorCode(query.error) === 'NOT_FOUND' && at !== null && typeof at === 'object' && 'messageId' in at ? at.messageId : null
  useEffect(() => {
    if (notFound === null) return
    setMissing(notFound)
    setHighlighted(null)
    setAt('latest')
    setFocus('end')
  }, [notFound])

  // the focus, once its message is rendered: scrolled to, highlighted, named by the URL
  useEffect(() => {
    if (focus === null || messages.length === 0) return
    const target =
      focus === 'end'
        ? messages.at(-1)
        : 'messageId' in focus
          ? messages.find((entry) => entry.message.id === focus.messageId)
          : messages.find((entry) => entry.position === focus.position)
    if (!target) return
    // the start: a message taller than the screen shows its top, just below the toolbar (the page's scroll padding)
    document.getElementById(messageAnchor(target.message.id))?.scrollIntoView({ block: focus === 'end' ? 'end' : 'start' })
    if (focus !== 'end') {
      setHighlighted(target.message.id)
      window.history.replaceState(null, '', messageHash(target.message.id))
    }
    setFocus(null)
  }, [focus, messages])

  // a turn sent while the newest message was shown: the new messages load in place, scrolled to
  const seen = useRef<{ at: TimelineAt | null; total: number; atEnd: boolean } | null>(null)
  const lastPage = query.data?.pages.at(-1)
  useEffect(() => {
    if (!lastPage) return
    const previous = seen.current?.at === at ? seen.current : null
    seen.current = { at, total: lastPage.total, atEnd: lastPage.after === null }
    if (!previous?.atEnd || lastPage.total <= previous.total) return
    if (lastPage.after !== null) void fetchNextPage()
    setFocus('end')
  }, [lastPage, at, fetchNextPage])

  const loadEarlier = () => hasPreviousPage && !isFetchingPreviousPage && void fetchPreviousPage()
  const loadLater = () => hasNextPage && !isFetchingNextPage && void fetchNextPage()
  const topRef = useOnVisible(loadEarlier, hasPreviousPage && focus === null)
  const bottomRef = useOnVisible(loadLater, hasNextPage && focus === null)

  useEffect(() => onLoaded(messages), [messages, onLoaded])

  const first = messages[0]
  const last = messages.at(-1)
  return (
    <div className="space-y-3">
      <TimelineToolbar
        threadId={threadId}
        range={first && last ? { from: first.position, to: last.position } : null}
        total={total}
        onJump={jump}
        onLatest={latest}
        onOpenMessage={openMessage}
      />
      {missing !== null && (
        <Notice tone="warning" title="Message not in this thread" testId="timeline-missing">
          The link names message <span className="font-mono">{missing}</span>, which this thread does not have (deleted, or in another thread). Showing the
          newest messages.
        </Notice>
      )}
      {query.error && notFound === null ? (
        <Notice tone="error" title="Could not load the messages">
          {describeError(query.error)}
        </Notice>
      ) : !query.data ? (
        <Loading label="Loading messages…" />
      ) : messages.length === 0 ? (
        empty
      ) : (
        <>
          {hasPreviousPage && (
            <LoadMore edge={topRef} loading={isFetchingPreviousPage} onLoad={loadEarlier}>
              Load earlier messages (before #{first?.position.toLocaleString('en')})
            </LoadMore>
          )}
          <ol className="space-y-3 [overflow-anchor:auto]" aria-label="Messages" data-testid="timeline">
            {messages.map((entry) => (
              <li key={entry.message.id}>{renderMessage(entry, highlighted === entry.message.id)}</li>
            ))}
          </ol>
          {hasNextPage && (
            <LoadMore edge={bottomRef} loading={isFetchingNextPage} onLoad={loadLater}>
              Load later messages (after #{last?.position.toLocaleString('en')})
            </LoadMore>
          )}
        </>
      )}
    </div>
  )
}

/** The button at either end of the loaded pages; scrolling near it (`edge`) loads the page too. */
function LoadMore({ edge, loading, onLoad, children }: { edge: RefObject<HTMLDivElement | null>; loading: boolean; onLoad: () => void; children: ReactNode }) {
  return (
    <div ref={edge} className="flex justify-center">
      <Button size="sm" variant="ghost" onClick={onLoad} disabled={loading}>
        {loading ? <Spinner /> : null} {children}
      </Button>
    </div>
  )
}
