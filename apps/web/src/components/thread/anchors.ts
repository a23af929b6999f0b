/** The timeline element id of a message: `/threads/<id>#m-<messageId>` opens the thread at it. */
export function messageAnchor(messageId: string): string {
  return `m-${messageId}`
}

export function messageIdFromHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''))
  return id.startsWith('m-') && id.length > 2 ? id.slice(2) : null
}

/** The URL fragment (with its `#`) that opens the thread at a message. */
export function messageHash(messageId: string): string {
  return `#${messageAnchor(encodeURIComponent(messageId))}`
}

/**
 * The one link to a message in its thread (recall, search, calls, compare,
 * lineage): the timeline opens its window at the message, wherever it is in
 * the thread, and highlights it.
 */
export function threadMessageHref(threadId: string, messageId: string): string {
  return `/threads/${encodeURIComponent(threadId)}${messageHash(messageId)}`
}
