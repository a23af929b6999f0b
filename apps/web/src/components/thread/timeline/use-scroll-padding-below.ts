'use client'

import { useEffect, useRef, type RefObject } from 'react'

/** Room left between the sticky element and what is scrolled to (the timeline's gap between messages). */
const GAP_PX = 12

/**
 * Keeps the page's top scroll padding at the bottom edge of a sticky element
 * (its `top` plus its height, kept current as it resizes) while it is mounted.
 * Every scroll to an element (scrollIntoView, focus, a `#` link) then lands it
 * below the sticky element instead of under it.
 */
export function useScrollPaddingBelow<Element extends HTMLElement>(): RefObject<Element | null> {
  const ref = useRef<Element>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const root = document.documentElement
    const update = () => {
      const stickyTop = Number.parseFloat(getComputedStyle(element).top) || 0
      root.style.scrollPaddingTop = `${stickyTop + element.offsetHeight + GAP_PX}px`
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('scroll-padding-top')
    }
  }, [])
  return ref
}
