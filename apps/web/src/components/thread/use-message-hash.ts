'use client'

import { useEffect, useState } from 'react'
import { messageAnchor, messageIdFromHash } from './anchors.ts'

/**
 * The message the URL points at (`#m-<id>`), scrolled into view once it is
 * rendered (`ready`), and followed when the hash changes.
 */
export function useMessageHash(ready: boolean): string | null {
  const [messageId, setMessageId] = useState<string | null>(null)
  useEffect(() => {
    const read = () => setMessageId(messageIdFromHash(window.location.hash))
    read()
    window.addEventListener('hashchange', read)
    return () => window.removeEventListener('hashchange', read)
  }, [])
  useEffect(() => {
    if (!ready || messageId === null) return
    document.getElementById(messageAnchor(messageId))?.scrollIntoView({ block: 'center' })
  }, [ready, messageId])
  return messageId
}
