'use client'

import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { useCallback } from 'react'

/**
 * Reads the page's query string and patches it (null or '' removes a key).
 * A patch starts from the live URL, so a delayed update (a debounced search)
 * never restores a value changed in the meantime.
 */
export function useSearchParamsState() {
  const params = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()
  const setParams = useCallback(
    /** `push`: a new history entry (the back button returns to the previous filters); default: replace it */
    (patch: Record<string, string | null>, history: 'push' | 'replace' = 'replace') => {
      const next = new URLSearchParams(window.location.search)
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value)
        else next.delete(key)
      }
      const query = next.toString()
      router[history](query ? `${pathname}?${query}` : pathname, { scroll: false })
    },
    [router, pathname],
  )
  return [params, setParams] as const
}
