/** The timeline element id of a message: `/threads/<id>#m-<messageId>` opens the thread at it. */
export function messageAnchor(messageId: string): string {
  return `m-${messageId}`
}

export function messageIdFromHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''))
  return id.startsWith('m-') && id.length > 2 ? id.slice(2) : null
}

export function threadMessageHref(threadId: string, messageId: string): string {
  return `/threads/${encodeURIComponent(threadId)}#${messageAnchor(encodeURIComponent(messageId))}`
}
