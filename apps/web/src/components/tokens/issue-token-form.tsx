'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type KeyboardEvent, type SubmitEvent } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { plural } from '../format.ts'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { checkboxClass, Field, FieldSet, inputClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { IssuedToken } from './issued-token.tsx'

type Issued = RouterOutputs['tokens']['issue']

/** Issue a token scoped to resources; its secret is shown once, right here. */
export function IssueTokenForm() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const resources = useQuery(trpc.resources.list.queryOptions())
  const [name, setName] = useState('')
  const [allResources, setAllResources] = useState(false)
  const [resourceIds, setResourceIds] = useState<string[]>([])
  /** resources typed in by id (they need no threads yet) */
  const [typedResourceIds, setTypedResourceIds] = useState<string[]>([])
  const [typedResource, setTypedResource] = useState('')
  const [canWrite, setCanWrite] = useState(false)
  const [canRunRules, setCanRunRules] = useState(false)
  const [expiresInDays, setExpiresInDays] = useState('')
  const [issued, setIssued] = useState<Issued | null>(null)

  const issue = useMutation(
    trpc.tokens.issue.mutationOptions({
      onSuccess: async (result) => {
        setIssued(result)
        setName('')
        setResourceIds([])
        setTypedResourceIds([])
        setAllResources(false)
        setCanWrite(false)
        setCanRunRules(false)
        setExpiresInDays('')
        await queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() })
      },
    }),
  )

  const noScope = !allResources && resourceIds.length === 0
  const noName = name.trim() === ''
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setIssued(null)
    issue.mutate({
      name,
      allResources,
      resourceIds: allResources ? [] : resourceIds,
      canWrite,
      canRunRules,
      ...(expiresInDays ? { expiresInDays: Number(expiresInDays) } : {}),
    })
  }

  function toggleResource(id: string, checked: boolean) {
    setResourceIds((current) => (checked ? [...current, id] : current.filter((candidate) => candidate !== id)))
  }

  const listedIds = new Set(resources.data?.map((resource) => resource.id))
  const typedOnly = typedResourceIds.filter((id) => !listedIds.has(id))
  const typedId = typedResource.trim()
  function addTypedResource() {
    if (typedId === '') return
    setTypedResourceIds((current) => (current.includes(typedId) ? current : [...current, typedId]))
    setResourceIds((current) => (current.includes(typedId) ? current : [...current, typedId]))
    setTypedResource('')
  }
  function onTypedResourceKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the resource; it does not submit the form
    if (event.key !== 'Enter') return
    event.preventDefault()
    addTypedResource()
  }

  return (
    <Panel title="Issue a token" description="For app backends calling the API with a typed client.">
      <form onSubmit={onSubmit} className="space-y-4">
        <Field label="Name" hint="Who uses it, e.g. “support-bot production”.">
          <input className={inputClass} value={name} onChange={(event) => setName(event.target.value)} required maxLength={200} />
        </Field>
        <FieldSet
          legend="Resources"
          hint="The token sees and changes only these resources' threads and memory; type an id to scope it to a resource that has no threads yet."
        >
          <label className="mb-2 flex items-center gap-2">
            <input type="checkbox" className={checkboxClass} checked={allResources} onChange={(event) => setAllResources(event.target.checked)} />
            All resources, including future ones
          </label>
          <div className="max-h-40 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
            {resources.data?.length === 0 && typedOnly.length === 0 && <p className="text-xs text-slate-500">No resource has threads yet.</p>}
            {resources.data?.map((resource) => (
              <label key={resource.id} className={`flex items-center gap-2 ${allResources ? 'text-slate-400' : ''}`}>
                <input
                  type="checkbox"
                  className={checkboxClass}
                  disabled={allResources}
                  checked={allResources || resourceIds.includes(resource.id)}
                  onChange={(event) => toggleResource(resource.id, event.target.checked)}
                />
                <span className="truncate font-mono text-xs">{resource.id}</span>
                <span className="ml-auto text-xs text-slate-400">{plural(resource.threadCount, 'thread')}</span>
              </label>
            ))}
            {typedOnly.map((id) => (
              <label key={id} className={`flex items-center gap-2 ${allResources ? 'text-slate-400' : ''}`}>
                <input
                  type="checkbox"
                  className={checkboxClass}
                  disabled={allResources}
                  checked={allResources || resourceIds.includes(id)}
                  onChange={(event) => toggleResource(id, event.target.checked)}
                />
                <span className="truncate font-mono text-xs">{id}</span>
                <span className="ml-auto shrink-0 text-xs text-slate-400">no threads yet</span>
              </label>
            ))}
          </div>
          <div className="mt-2 flex gap-2">
            <input
              className={`${inputClass} flex-1 font-mono`}
              value={typedResource}
              onChange={(event) => setTypedResource(event.target.value)}
              onKeyDown={onTypedResourceKey}
              disabled={allResources}
              maxLength={200}
              placeholder="Type a resource id"
              aria-label="Resource id to add"
            />
            <Button size="sm" onClick={addTypedResource} disabled={allResources || typedId === ''}>
              Add resource
            </Button>
          </div>
        </FieldSet>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldSet legend="Access">
            <label className="flex items-center gap-2">
              <input type="checkbox" className={checkboxClass} checked={canWrite} onChange={(event) => setCanWrite(event.target.checked)} />
              Can write (clone, edit memory)
            </label>
            <label className="mt-1 flex items-center gap-2">
              <input type="checkbox" className={checkboxClass} checked={canRunRules} onChange={(event) => setCanRunRules(event.target.checked)} />
              Can run custom rules (playground scope)
            </label>
          </FieldSet>
          <Field label="Expires after (days)" hint="Empty: valid until revoked.">
            <input className={inputClass} type="number" min={1} max={3650} value={expiresInDays} onChange={(event) => setExpiresInDays(event.target.value)} />
          </Field>
        </div>
        {issue.error && (
          <Notice tone="error" title="The token was not issued">
            {describeError(issue.error)}
          </Notice>
        )}
        <Button type="submit" variant="primary" disabled={issue.isPending || noScope || noName}>
          {issue.isPending ? 'Issuing…' : 'Issue token'}
        </Button>
        {noName && <p className="text-xs text-slate-500">Name the token to issue it.</p>}
        {noScope && <p className="text-xs text-slate-500">Choose at least one resource, or all resources.</p>}
      </form>
      {issued && <IssuedToken issued={issued} />}
    </Panel>
  )
}
