'use client'

import { useEffect } from 'react'

// Unsaved edits are not lost without a warning, as editors do: closing or
// reloading the tab asks the browser's question (beforeunload), and leaving
// through a link of the app, or any navigation the app starts itself
// (keyboard shortcuts, tab switches), asks first.

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved working-memory changes. Leave and discard them?'

const dirtySources = new Set<symbol>()

/** True when nothing is unsaved, or the operator agrees to discard it. */
export function confirmDiscardingUnsaved(): boolean {
  return dirtySources.size === 0 || window.confirm(UNSAVED_CHANGES_MESSAGE)
}

/** A link click that leaves this page (not a new tab, not an in-page anchor). */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self')) return false
  const url = new URL(link.href, window.location.href)
  return url.pathname !== window.location.pathname || url.search !== window.location.search
}

/** While `dirty`, every way of leaving the page asks first. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const source = Symbol('unsaved')
    dirtySources.add(source)
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(UNSAVED_CHANGES_MESSAGE)) return
      event.preventDefault()
      event.stopPropagation()
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    // capture: before Next's Link handler starts the client-side navigation
    document.addEventListener('click', onClick, true)
    return () => {
      dirtySources.delete(source)
      window.removeEventListener('beforeunload', onBeforeUnload)
      document.removeEventListener('click', onClick, true)
    }
  }, [dirty])
}
