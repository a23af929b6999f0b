'use client'

import type { RouterOutputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { Notice } from '../ui/notice.tsx'

type Truncation = NonNullable<RouterOutputs['playground']['runPrompt']['truncated']>

/**
 * A thread too long for one playground run: the rules ran on this window of
 * its messages (docs/api.md, "Response caps"); the next window is another run.
 */
export function ThreadWindowNotice({
  truncated,
  start,
  pending,
  onNext,
  onRestart,
}: {
  truncated: Truncation
  /** messages before this window */
  start: number
  pending: boolean
  onNext: (cursor: string, start: number) => void
  onRestart: () => void
}) {
  const end = start + truncated.returned
  return (
    <Notice tone="info" title={`Showing messages ${start + 1}–${end} of ${truncated.total}`} testId="thread-window">
      <div className="flex flex-wrap items-center gap-3">
        <span>The thread is longer than one run: the rules ran on this window of its messages (at most 100 by default, 256 KB).</span>
        <span className="flex gap-2">
          {start > 0 && (
            <Button size="sm" variant="ghost" onClick={onRestart} disabled={pending}>
              First messages
            </Button>
          )}
          {truncated.nextCursor && (
            <Button size="sm" onClick={() => onNext(truncated.nextCursor ?? '', end)} disabled={pending}>
              Next messages
            </Button>
          )}
        </span>
      </div>
    </Notice>
  )
}
