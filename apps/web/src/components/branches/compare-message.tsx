import type { StoredMessage } from '@threadline/engine'
import Link from 'next/link'
import { Badge } from '../badge.tsx'
import { threadMessageHref } from '../thread/anchors.ts'
import { roleTone } from '../thread/message-card.tsx'
import type { DiffSegment } from './word-diff.ts'

/** One cell of a compare row: the message (or the blank a shorter side leaves), its changed words marked against the other side's. */
export function CompareMessage({
  message,
  text,
  segments,
  step,
  testId,
  border = false,
}: {
  message: StoredMessage | null
  text: string | null
  /** the word diff against the other side's message of the row; null when that side has none */
  segments: DiffSegment[] | null
  /** the row's place after the common point (1: the first message after it) */
  step: number
  testId: string
  border?: boolean
}) {
  const edge = border ? 'border-l border-slate-200' : ''
  if (message === null || text === null) return <div className={`bg-slate-50/60 ${edge}`} aria-hidden />
  return (
    <div className={`min-w-0 space-y-1 px-4 py-2.5 ${edge}`} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <Badge tone={roleTone[message.role]}>{message.role}</Badge>
        <Link href={threadMessageHref(message.threadId, message.id)} className="hover:text-indigo-700" title="Open it in its thread">
          +{step} after the common point
        </Link>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm leading-6 text-slate-800">
        {segments === null
          ? text
          : segments.map((segment, index) =>
              segment.changed ? (
                <mark key={index} className="rounded-sm bg-amber-200/70 px-0.5 text-slate-900" data-testid="changed-words">
                  {segment.text}
                </mark>
              ) : (
                <span key={index}>{segment.text}</span>
              ),
            )}
      </p>
    </div>
  )
}
