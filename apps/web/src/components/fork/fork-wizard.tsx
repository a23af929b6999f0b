'use client'

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query'
import { useDocumentTitle } from '../use-document-title.ts'
import { useRouter, useSearchParams } from 'next/navigation'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { rememberCloneResult } from '../thread/clone-result-banner.tsx'
import { Button } from '../ui/button.tsx'
import { describeError, errorCode, errorField } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Loading, ProgressBar } from '../ui/progress.tsx'
import { useDebouncedValue } from '../use-debounced-value.ts'
import { emptyForkForm, takenThreadIdProblem, toCloneArgs, type CloneArgs, type ForkForm } from './fork-form.ts'
import { ForkOptions } from './fork-options.tsx'
import { ForkPreview } from './fork-preview.tsx'
import type { PickedMessage } from './message-picker.tsx'
import { BackLink } from '../ui/back-link.tsx'

const PREVIEW_DELAY_MS = 350
/** The selected messages the preview shows (their count and the rest of their ids are the whole selection's). */
const SELECTED_SHOWN = 100

/** Fork a thread: every cloneThread option, a live preview, then create and open the clone. */
export function ForkWizard({ sourceId }: { sourceId: string }) {
  const trpc = useTRPC()
  const router = useRouter()
  const at = useSearchParams().get('at') ?? ''
  const source = useQuery(trpc.threads.get.queryOptions({ threadId: sourceId }))
  const resources = useQuery(trpc.resources.list.queryOptions())
  const [form, setForm] = useState<ForkForm>(() => emptyForkForm(at))
  // the messages named so far (fork point, picks), found anywhere in the thread by the pickers
  const [known, setKnown] = useState<ReadonlyMap<string, PickedMessage>>(new Map())
  const remember = (picked: PickedMessage) => setKnown((current) => new Map(current).set(picked.message.id, picked))
  // `?at=`: the message "Clone from here" names, wherever it is in the thread
  const atMessage = useQuery(trpc.threads.timeline.byIds.queryOptions({ threadId: sourceId, messageIds: [at] }, { enabled: at !== '' }))
  const atPicked = atMessage.data?.[0]
  const atLoading = at !== '' && atMessage.isPending

  useDocumentTitle(source.data ? `Clone ${source.data.thread.title || source.data.thread.id}` : null)
  const messageOf = (id: string) => known.get(id) ?? (atPicked?.message.id === id ? atPicked : undefined)
  const { args, errors } = toCloneArgs(sourceId, form, (id) => messageOf(id)?.message.createdAt)
  const invalid = Object.keys(errors).length > 0
  // the preview follows the form once it stops changing (compared as JSON: a new object each render)
  const settledArgs = useDebouncedValue(JSON.stringify(args), PREVIEW_DELAY_MS)
  // the message ids come a page at a time (docs/api.md, "Response caps"); count, warnings and memory are on every page
  const preview = useInfiniteQuery(
    trpc.clone.preview.infiniteQueryOptions(JSON.parse(settledArgs) as CloneArgs, {
      enabled: source.isSuccess && !invalid && !atLoading,
      placeholderData: keepPreviousData,
      staleTime: 0,
      getNextPageParam: (page) => page.truncated?.nextCursor ?? undefined,
    }),
  )
  const previewPage = preview.data?.pages[0]
  const previewIds = useMemo(() => preview.data?.pages.flatMap((page) => page.messageIds) ?? [], [preview.data])
  // the selection's first messages, shown first in the preview (the ids of a 30,000-message selection come in pages)
  const shownIds = invalid || preview.isPlaceholderData ? [] : previewIds.slice(0, SELECTED_SHOWN)
  const selected = useQuery(
    trpc.threads.timeline.byIds.queryOptions({ threadId: sourceId, messageIds: shownIds }, { enabled: shownIds.length > 0, placeholderData: keepPreviousData }),
  )

  const create = useMutation(
    trpc.clone.create.mutationOptions({
      onSuccess: (result) => {
        rememberCloneResult(result.thread.id, {
          sourceThreadId: sourceId,
          messageIdMap: result.messageIdMap,
          count: Object.keys(result.messageIdMap).length,
        })
        router.push(`/threads/${encodeURIComponent(result.thread.id)}`)
      },
    }),
  )

  // a failed create belongs to the form it was sent with: an edit clears it
  const { reset: resetCreate } = create
  const editForm: typeof setForm = (update) => {
    resetCreate()
    setForm(update)
  }
  const takenId = takenThreadIdProblem(
    form.newThreadId.trim(),
    { field: preview.isPlaceholderData ? undefined : errorField(preview.error) },
    { field: errorField(create.error) },
  )
  const fieldErrors = takenId === undefined ? errors : { ...errors, newThreadId: takenId }

  function togglePick(message: PickedMessage, pick: boolean) {
    resetCreate()
    remember(message)
    const messageId = message.message.id
    setForm((current) => ({
      ...current,
      pickedIds: pick ? [...current.pickedIds.filter((id) => id !== messageId), messageId] : current.pickedIds.filter((id) => id !== messageId),
    }))
  }

  function chooseForkPoint(message: PickedMessage | null) {
    if (message) remember(message)
    editForm((current) => ({ ...current, upTo: message?.message.id ?? '' }))
  }
  const picked = form.pickedIds.flatMap((id) => messageOf(id) ?? []).sort((a, b) => (a.position ?? 0) - (b.position ?? 0))

  if (source.error) {
    return (
      <Notice tone="error" title={errorCode(source.error) === 'NOT_FOUND' ? 'Thread not found' : 'Could not load the thread'}>
        {describeError(source.error)}
      </Notice>
    )
  }
  if (!source.data || atLoading) return <Loading label="Loading the thread…" />
  const thread = source.data.thread
  const willCopy = previewPage && !preview.isPlaceholderData ? previewPage.count : undefined

  return (
    <div className="space-y-5">
      <BackLink href={`/threads/${encodeURIComponent(sourceId)}`}>Back to the thread</BackLink>
      <PageHeader
        title={at ? 'Clone from a message' : 'Clone a thread'}
        description={
          <>
            Source: <span className="font-medium text-slate-700">{thread.title || 'Untitled thread'}</span>{' '}
            <span className="font-mono text-xs">({thread.id})</span>, {source.data.messageCount} messages.
          </>
        }
      />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="min-w-0 space-y-4">
          <ForkOptions
            form={form}
            setForm={editForm}
            errors={fieldErrors}
            sourceId={sourceId}
            forkPoint={form.upTo ? (messageOf(form.upTo) ?? null) : null}
            onForkPoint={chooseForkPoint}
            picked={picked}
            onPick={togglePick}
            sourceTitle={thread.title}
            sourceResourceId={thread.resourceId}
            resources={resources.data?.map((resource) => resource.id) ?? []}
          />
          <CreatePanel
            disabled={invalid || takenId !== undefined || create.isPending || !previewPage}
            pending={create.isPending}
            error={takenId === undefined ? create.error : null}
            count={willCopy}
            onCreate={() => create.mutate({ ...args, returnMessages: false })}
          />
        </div>
        <ForkPreview
          preview={previewPage}
          previewIds={previewIds}
          moreIds={preview.hasNextPage ? { loading: preview.isFetchingNextPage, load: () => void preview.fetchNextPage() } : null}
          error={preview.error}
          updating={preview.isFetching}
          problems={Object.values(fieldErrors)}
          selected={shownIds.length === 0 ? [] : (selected.data ?? [])}
          sourceMessageCount={source.data.messageCount}
          upTo={form.upTo}
          handPick={form.handPick}
          picked={picked}
          onTogglePick={togglePick}
        />
      </div>
    </div>
  )
}

function CreatePanel({
  disabled,
  pending,
  error,
  count,
  onCreate,
}: {
  disabled: boolean
  pending: boolean
  error: unknown
  count: number | undefined
  onCreate: () => void
}) {
  const elapsed = useElapsedSeconds(pending)
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" onClick={onCreate} disabled={disabled}>
          {pending ? 'Creating…' : 'Create clone'}
        </Button>
        <p className="text-xs text-slate-500">One transaction: the clone appears complete or not at all.</p>
      </div>
      {pending && (
        <div className="space-y-1.5" data-testid="clone-progress">
          <ProgressBar label="Creating the clone" />
          <p className="text-xs text-slate-600" role="status">
            Copying {count ?? 'the'} message{count === 1 ? '' : 's'} with new IDs, then vectors and memory… {elapsed.toFixed(1)} s
          </p>
        </div>
      )}
      {Boolean(error) && (
        <Notice tone="error" title="The clone was not created">
          {describeError(error)}
        </Notice>
      )}
    </div>
  )
}

/** Seconds since `running` turned true, updated ten times a second while it stays true. */
function useElapsedSeconds(running: boolean): number {
  const [elapsed, setElapsed] = useState(0)
  const startedAt = useRef(0)
  useEffect(() => {
    if (!running) return
    startedAt.current = performance.now()
    setElapsed(0)
    const timer = setInterval(() => setElapsed((performance.now() - startedAt.current) / 1000), 100)
    return () => clearInterval(timer)
  }, [running])
  return elapsed
}
