'use client'

import { useEffect, useState } from 'react'
import { Notice } from '../ui/notice.tsx'
import { messageAnchor, threadMessageHref } from './anchors.ts'

/** What the fork wizard leaves for the new thread's page: the clone's ID map, for this browser tab only. */
export type CloneResult = { sourceThreadId: string; messageIdMap: Record<string, string>; count: number }

const storageKey = (threadId: string) => `threadline:clone-result:${threadId}`

export function rememberCloneResult(threadId: string, result: CloneResult): void {
  sessionStorage.setItem(storageKey(threadId), JSON.stringify(result))
}

/** Shown on a thread just created by the fork wizard: source message -> cloned message. */
export function CloneResultBanner({ threadId }: { threadId: string }) {
  const [result, setResult] = useState<CloneResult | null>(null)
  useEffect(() => {
    const stored = sessionStorage.getItem(storageKey(threadId))
    // read after hydration: sessionStorage does not exist on the server
    if (stored) setResult(JSON.parse(stored) as CloneResult)
  }, [threadId])
  if (!result) return null
  const entries = Object.entries(result.messageIdMap)
  function dismiss() {
    sessionStorage.removeItem(storageKey(threadId))
    setResult(null)
  }
  return (
    <Notice tone="success" title={`Clone created: ${result.count} message${result.count === 1 ? '' : 's'} copied with new IDs`} testId="clone-id-map">
      <details className="mt-1" open={entries.length <= 12}>
        <summary className="cursor-pointer text-xs font-medium">ID map (source → clone)</summary>
        <table className="mt-2 w-full table-fixed text-left font-mono text-xs">
          <thead className="text-emerald-900/70">
            <tr>
              <th className="w-1/2 pb-1 font-medium">{result.sourceThreadId}</th>
              <th className="w-1/2 pb-1 font-medium">this thread</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([from, to]) => (
              <tr key={from} className="align-top">
                <td className="py-0.5 pr-3 [overflow-wrap:anywhere]">
                  <a className="hover:underline" href={threadMessageHref(result.sourceThreadId, from)}>
                    {from}
                  </a>
                </td>
                <td className="py-0.5 [overflow-wrap:anywhere]">
                  <a className="hover:underline" href={`#${messageAnchor(to)}`}>
                    {to}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <button type="button" onClick={dismiss} className="mt-2 text-xs font-medium underline">
        Dismiss
      </button>
    </Notice>
  )
}
