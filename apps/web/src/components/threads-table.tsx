'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { RouterOutputs } from '@/trpc/types.ts'
import { CopyableId } from './ui/copyable-id.tsx'
import { Badge } from './badge.tsx'
import { formatDateTime, formatRelative } from './format.ts'

export type ThreadRow = RouterOutputs['threads']['list']['items'][number]

const headerCell = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'

export function ThreadsTable({ rows }: { rows: ThreadRow[] }) {
  const router = useRouter()
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <thead className="border-b border-slate-200 bg-slate-50/80">
        <tr>
          <th scope="col" className={headerCell}>
            Thread
          </th>
          {/* narrow windows show the resource and providers under the title instead */}
          <th scope="col" className={`${headerCell} hidden w-40 lg:table-cell`}>
            Resource
          </th>
          <th scope="col" className={`${headerCell} hidden w-44 lg:table-cell`}>
            Providers
          </th>
          <th scope="col" className={`${headerCell} w-24 text-right`}>
            Messages
          </th>
          <th scope="col" className={`${headerCell} w-36`}>
            Lineage
          </th>
          <th scope="col" className={`${headerCell} w-52 xl:w-56`}>
            Last activity
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr
            key={row.id}
            data-testid="thread-row"
            data-clone-depth={row.cloneDepth}
            onClick={() => router.push(`/threads/${encodeURIComponent(row.id)}`)}
            className="cursor-pointer transition-colors hover:bg-indigo-50/40"
          >
            <td className="px-4 py-3 align-middle">
              <Link
                href={`/threads/${encodeURIComponent(row.id)}`}
                onClick={(event) => event.stopPropagation()}
                className="block truncate font-medium text-slate-900 hover:text-indigo-700"
              >
                {row.title || <span className="italic text-slate-400">Untitled thread</span>}
              </Link>
              <span className="flex min-w-0 items-center gap-1.5">
                <CopyableId id={row.id} className="text-xs" />
                <MemoryBadges row={row} />
              </span>
              <span className="mt-1 flex flex-wrap gap-1 lg:hidden">
                <Badge>{row.resourceId}</Badge>
                <ProviderBadges providers={row.providersSeen} testId={null} />
              </span>
            </td>
            <td className="hidden px-4 py-3 align-middle lg:table-cell">
              <Badge>{row.resourceId}</Badge>
            </td>
            <td className="hidden px-4 py-3 align-middle lg:table-cell">
              <span className="flex flex-wrap gap-1">
                {row.providersSeen.length > 0 ? <ProviderBadges providers={row.providersSeen} /> : <span className="text-slate-400">—</span>}
              </span>
            </td>
            <td className="px-4 py-3 text-right align-middle tabular-nums text-slate-700">
              {row.messageCount.toLocaleString('en')}
              {row.inheritedMessageCount > 0 && (
                <span className="block text-[11px] text-slate-400" title="Read from its ancestors up to the branch point">
                  {row.inheritedMessageCount.toLocaleString('en')} inherited
                </span>
              )}
            </td>
            <td className="px-4 py-3 align-middle">
              <LineageCell row={row} />
            </td>
            <td className="px-4 py-3 align-middle text-slate-600">
              <time dateTime={row.lastActivityAt.toISOString()} className="block whitespace-nowrap">
                {formatDateTime(row.lastActivityAt)}
              </time>
              <span className="block text-xs text-slate-400">{formatRelative(row.lastActivityAt)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The providers whose output the thread holds (turn metadata and provider metadata); `testId` null for the narrow-window copy. */
function ProviderBadges({ providers, testId = 'provider-seen' }: { providers: string[]; testId?: string | null }) {
  return providers.map((provider) => (
    <span key={provider} data-testid={testId ?? undefined}>
      <Badge tone="sky" title={`Holds output of ${provider}`}>
        {provider}
      </Badge>
    </span>
  ))
}

/** Compact WM / OM markers: memory an agent on this thread sees (its own or its resource's). */
function MemoryBadges({ row }: { row: ThreadRow }) {
  return (
    <>
      {row.hasWorkingMemory && (
        <span data-testid="has-working-memory" className="shrink-0">
          <Badge tone="emerald" title="Has working memory (thread or resource scope)">
            WM
          </Badge>
        </span>
      )}
      {row.hasObservationalMemory && (
        <span data-testid="has-observational-memory" className="shrink-0">
          <Badge tone="indigo" title="Has observational memory (thread or resource scope)">
            OM
          </Badge>
        </span>
      )}
    </>
  )
}

/** Branch (with its source), clone (with depth and source) or original. */
function LineageCell({ row }: { row: ThreadRow }) {
  if (row.isBranch) {
    return (
      <span className="flex min-w-0 flex-col items-start gap-0.5" data-testid="branch-badge">
        <Badge tone="teal" title={`Shares the history of ${row.branchParentTitle || row.branchParentId} up to its branch point`}>
          ⎇ Branch
        </Badge>
        <span
          className="max-w-full truncate text-[11px] text-slate-500"
          title={`Branch of ${row.branchParentTitle || 'an untitled thread'} (${row.branchParentId})`}
        >
          of {row.branchParentTitle || 'Untitled thread'}
        </span>
      </span>
    )
  }
  if (!row.isClone) return <span className="text-slate-400">Original</span>
  return (
    <span className="flex min-w-0 flex-col items-start gap-0.5">
      <span className="flex items-center gap-1.5">
        <Badge tone="violet" title={`Cloned from ${row.sourceTitle || row.sourceThreadId}`}>
          Clone
        </Badge>
        <span className="text-[11px] font-medium text-violet-700" data-testid="clone-depth" title="Clone depth: 1 for a clone, 2 for a clone of a clone, …">
          depth {row.cloneDepth}
        </span>
      </span>
      {row.sourceThreadId && (
        <span
          className="max-w-full truncate text-[11px] text-slate-500"
          title={`Cloned from ${row.sourceTitle || 'an untitled thread'} (${row.sourceThreadId})`}
        >
          of {row.sourceTitle || 'Untitled thread'}
        </span>
      )}
    </span>
  )
}
