'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { textareaClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'
import { Tabs } from '../ui/tabs.tsx'
import { confirmDiscardingUnsaved, useUnsavedChanges } from '../use-unsaved-changes.ts'

type Scope = 'thread' | 'resource'

/** The thread's working memory (thread scope) and its resource's (resource scope), editable. */
export function WorkingMemoryPanel({ threadId, resourceId }: { threadId: string; resourceId: string }) {
  const [scope, setScope] = useState<Scope>('resource')
  return (
    <Panel title="Working memory" description="What the agent keeps in mind across turns." bodyClassName="px-4 pb-3" testId="working-memory-panel">
      <Tabs
        label="Working memory scope"
        size="sm"
        items={[
          { id: 'resource', label: `Resource: ${resourceId}` },
          { id: 'thread', label: 'This thread' },
        ]}
        selected={scope}
        onSelect={(next) => {
          // switching scope drops the other scope's draft
          if (confirmDiscardingUnsaved()) setScope(next)
        }}
      />
      <WorkingMemoryEditor key={scope} scope={scope} threadId={threadId} />
    </Panel>
  )
}

function WorkingMemoryEditor({ scope, threadId }: { scope: Scope; threadId: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const target = { scope, threadId }
  const stored = useQuery(trpc.memory.workingMemory.get.queryOptions(target))
  const [draft, setDraft] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const dirty = draft !== null && draft !== (stored.data?.workingMemory ?? '')
  useUnsavedChanges(dirty)
  const save = useMutation(
    trpc.memory.workingMemory.update.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.memory.workingMemory.get.queryKey(target), { key: result.key, workingMemory: result.workingMemory })
        setDraft(null)
        setSaved(true)
      },
    }),
  )
  useEffect(() => {
    if (!saved) return
    const timer = setTimeout(() => setSaved(false), 4000)
    return () => clearTimeout(timer)
  }, [saved])

  if (stored.error) {
    return (
      <Notice tone="error" title="Could not load working memory" className="mt-3">
        {describeError(stored.error)}
      </Notice>
    )
  }
  if (!stored.data) return <Loading label="Loading working memory…" />
  const current = stored.data.workingMemory
  const value = draft ?? current ?? ''
  return (
    <div className="mt-3 space-y-2">
      {current === null && draft === null && (
        <p className="text-xs text-slate-500" data-testid="empty-state">
          Nothing stored for this scope yet. Write some to create it.
        </p>
      )}
      <label className="sr-only" htmlFor={`wm-${scope}`}>
        Working memory ({scope} scope)
      </label>
      <textarea
        id={`wm-${scope}`}
        // sized by its content as wrapped, not by its line count: a line that wraps no longer hides the last one
        className={`${textareaClass} field-sizing-content min-h-32 max-h-96`}
        value={value}
        onChange={(event) => {
          setSaved(false)
          setDraft(event.target.value)
        }}
        spellCheck={false}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="primary" disabled={!dirty || save.isPending} onClick={() => save.mutate({ ...target, workingMemory: value })}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        {dirty && (
          <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
            Discard changes
          </Button>
        )}
        {saved && (
          <span role="status" className="text-xs font-medium text-emerald-700">
            Saved
          </span>
        )}
      </div>
      {save.error && (
        <Notice tone="error" title="Not saved">
          {describeError(save.error)}
        </Notice>
      )}
    </div>
  )
}
