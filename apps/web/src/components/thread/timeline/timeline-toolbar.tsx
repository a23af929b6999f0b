'use client'

import { useState } from 'react'
import { Button } from '../../ui/button.tsx'
import { inputClass } from '../../ui/field.tsx'
import { FindInThread } from './find-in-thread.tsx'
import { useScrollPaddingBelow } from './use-scroll-padding-below.ts'

/** The timeline's navigation: which messages are loaded, first / latest, jump to #N, find. */
export function TimelineToolbar({
  threadId,
  range,
  total,
  onJump,
  onLatest,
  onOpenMessage,
}: {
  threadId: string
  /** the positions loaded, null while nothing is */
  range: { from: number; to: number } | null
  total: number
  onJump: (position: number) => void
  onLatest: () => void
  onOpenMessage: (messageId: string) => void
}) {
  const [position, setPosition] = useState('')
  // messages scrolled to (jump, find, links, j / k) land below the toolbar, not under it
  const toolbar = useScrollPaddingBelow<HTMLDivElement>()
  return (
    // sticks just below the site header (h-14 plus its 1 px border), which would otherwise cover its top row;
    // opaque, so the messages scrolling under it do not show through its text
    <div
      ref={toolbar}
      className="sticky top-[calc(3.5rem+1px)] z-10 space-y-2 rounded-lg border border-slate-200 bg-white px-3 py-2 shadow-sm"
      data-testid="timeline-toolbar"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto text-xs text-slate-600 tabular-nums" data-testid="timeline-range">
          {range
            ? `#${range.from.toLocaleString('en')}–#${range.to.toLocaleString('en')} of ${total.toLocaleString('en')}`
            : `${total.toLocaleString('en')} messages`}
        </span>
        <Button size="sm" onClick={() => onJump(1)}>
          First
        </Button>
        <Button size="sm" onClick={onLatest}>
          Latest
        </Button>
        <form
          className="flex items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault()
            const wanted = Number(position)
            if (Number.isInteger(wanted) && wanted >= 1) onJump(Math.min(wanted, total))
          }}
        >
          <label className="whitespace-nowrap text-xs text-slate-600" htmlFor="timeline-jump">
            Go to #
          </label>
          <input
            id="timeline-jump"
            className={`${inputClass} h-7 w-24 text-xs`}
            type="number"
            min={1}
            max={total}
            value={position}
            onChange={(event) => setPosition(event.target.value)}
          />
          <Button size="sm" type="submit">
            Go
          </Button>
        </form>
      </div>
      <FindInThread threadId={threadId} onOpen={onOpenMessage} />
    </div>
  )
}
