'use client'

import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

/**
 * A block shown whole when it is short. Taller than its cap (15 rem, 12 lines
 * of text-xs), it is cut with a fade and a "Show all (N lines)" / "Show less"
 * toggle: a scroll box cut at a line reads as clipped text (issue 31's
 * screenshots), a fade and a button say that there is more.
 */
export function CappedBlock({ children, lines, testId }: { children: ReactNode; lines: number; testId?: string }) {
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
    <div data-testid={testId} data-capped={overflows && !expanded}>
      <div className="relative">
        <div ref={box} id={id} className={expanded ? '' : 'max-h-60 overflow-hidden'}>
          {children}
        </div>
        {overflows && !expanded && <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-linear-to-t from-white" />}
      </div>
      {overflows && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
          className="mx-4 mb-2 rounded text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {expanded ? 'Show less' : `Show all (${lines} lines)`}
        </button>
      )}
    </div>
  )
}
