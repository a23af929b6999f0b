'use client'

import { useEffect, useRef, type RefObject } from 'react'

/** Calls `onVisible` whenever the element scrolls into view (within a screen's margin) while `enabled`. */
export function useOnVisible(onVisible: () => void, enabled: boolean): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement | null>(null)
  const latest = useRef(onVisible)
  useEffect(() => {
    latest.current = onVisible
  })
  useEffect(() => {
    const element = ref.current
    if (!enabled || element === null) return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && latest.current(), { rootMargin: '400px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled])
  return ref
}
