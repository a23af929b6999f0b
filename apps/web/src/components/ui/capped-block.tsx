'use client'

import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { plural } from '../format.ts'

// the last 2 rem fade out
const fade = '[mask-image:linear-gradient(to_bottom,black_calc(100%_-_2rem),transparent)]'

/**
 * A block shown whole when it is short. Taller than its cap (`cap`, a
 * max-height class; 15 rem, 11 lines of text-xs, by default), it is cut with a
 * fade and a "Show all (N lines)" / "Show less" toggle: a scroll box or a
 * clamp cut at a line reads as clipped text (issue 31's screenshots), a fade
 * and a button say that there is more. `inset` places the toggle.
 */
export function CappedBlock({ children, lines, cap = 'max-h-60', inset = 'mx-4 mb-2' }: { children: ReactNode; lines: number; cap?: string; inset?: string }) {
  const box = useRef<HTMLDivElement>(null)
  const id = useId()
  const [expanded, setExpanded] = useState(false)
  const [overflows, setOverflows] = useState(false)
  useLayoutEffect(() => {
    const element = box.current
    // measured only while capped: shown whole, it has nothing to measure against
    if (!element || expanded) return
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1)
    measure()
    // a narrower window wraps more lines: the cap may start (or stop) cutting
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [expanded])
  return (
    <div data-capped={overflows && !expanded}>
      {/* the fade is a mask, not a white overlay: it fades into whatever the block sits on (a marked row is amber) */}
      <div ref={box} id={id} className={expanded ? '' : `${cap} overflow-hidden ${overflows ? fade : ''}`}>
        {children}
      </div>
      {overflows && (
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
