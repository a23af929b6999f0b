'use client'

import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { plural } from '../format.ts'

// the last 2 rem fade out
const fade = '[mask-image:linear-gradient(to_bottom,black_calc(100%_-_2rem),transparent)]'
// a block at most this much taller than its cap is shown whole: a Show all that hides one line costs more than the line
const slack = 1.5

/**
 * A block shown whole when it is short. Much taller than its cap (`capRem`;
 * 15 rem, 11 lines of text-xs, by default), it is cut at the cap with a fade
 * and a "Show all (N lines)" / "Show less" toggle: a scroll box or a clamp cut
 * at a line reads as clipped text (issue 31's screenshots), a fade and a
 * button say that there is more. `inset` places the toggle.
 */
export function CappedBlock({ children, lines, capRem = 15, inset = 'mx-4 mb-2' }: { children: ReactNode; lines: number; capRem?: number; inset?: string }) {
  const box = useRef<HTMLDivElement>(null)
  const id = useId()
  const [expanded, setExpanded] = useState(false)
  const [tall, setTall] = useState(false)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    // the content's full height, capped or not; a narrower window wraps more lines
    const measure = () => {
      const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize)
      setTall(element.scrollHeight > capRem * rem * slack)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [capRem])
  const capped = tall && !expanded
  return (
    <div data-capped={capped}>
      {/* the fade is a mask, not a white overlay: it fades into whatever the block sits on (a marked row is amber) */}
      <div ref={box} id={id} className={capped ? `overflow-hidden ${fade}` : ''} style={capped ? { maxHeight: `${capRem}rem` } : undefined}>
        {children}
      </div>
      {tall && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
          className={`${inset} rounded text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500`}
        >
          {expanded ? 'Show less' : `Show all (${plural(lines, 'line')})`}
        </button>
      )}
    </div>
  )
}
