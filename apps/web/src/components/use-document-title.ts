'use client'

import { useEffect } from 'react'

/**
 * Names the browser tab after what the page shows (a thread's title, known
 * only once it loads); the route's static title stays until then.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Threadline`
  }, [title])
}
