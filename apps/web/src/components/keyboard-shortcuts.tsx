'use client'

import { usePathname, useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { confirmDiscardingUnsaved } from './use-unsaved-changes.ts'

export const SHORTCUTS: readonly { keys: string; does: string }[] = [
  { keys: 'j', does: 'next message' },
  { keys: 'k', does: 'previous message' },
  { keys: 'b', does: 'branch from the focused message' },
  { keys: 'f', does: 'clone from the focused message' },
  { keys: '/', does: 'search thread titles' },
  { keys: '?', does: 'this list' },
]

/** Typing in a field, or a chord with Ctrl/Alt/Meta, is not a shortcut. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return true
  const target = event.target
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"], .cm-editor') !== null
}

function messages(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')]
}

function focusedMessage(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-testid="message"]') : null
}

/** j / k: the message after (or before) the focused one; the first (or last) when none is focused. */
function moveFocus(step: 1 | -1): void {
  const list = messages()
  if (list.length === 0) return
  const current = focusedMessage()
  const index = current === null ? (step === 1 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, list.indexOf(current) + step))
  const next = list[index]
  next?.focus()
  next?.scrollIntoView({ block: 'nearest' })
}

/** Keyboard shortcuts of the whole app, and `?` for their list. */
export function KeyboardShortcuts() {
  const router = useRouter()
  const pathname = usePathname()
  const [helpOpen, setHelpOpen] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (helpOpen && !element.open) element.showModal()
    if (!helpOpen && element.open) element.close()
  }, [helpOpen])

  useEffect(() => {
    if (pathname.startsWith('/sign-in')) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || isTyping(event)) return
      switch (event.key) {
        case 'j':
        case 'k':
          moveFocus(event.key === 'j' ? 1 : -1)
          break
        case 'b':
        case 'f':
          // the focused message's own "Branch from here" / "Clone from here…"
          focusedMessage()?.querySelector<HTMLElement>(`[data-shortcut="${event.key}"]`)?.click()
          break
        case '/': {
          // the page's own search, but not find-in-thread: it searches one thread's messages, and / searches titles
          const search = document.querySelector<HTMLInputElement>('input[type="search"]:not([data-find-in-thread])')
          if (search) search.focus()
          else if (confirmDiscardingUnsaved()) router.push('/?focus=search')
          break
        }
        case '?':
          setHelpOpen((open) => !open)
          break
        default:
          return
      }
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [pathname, router])

  return (
    <dialog
      ref={dialog}
      onClose={() => setHelpOpen(false)}
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts-dialog"
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 id="shortcuts-title" className="text-sm font-semibold">
          Keyboard shortcuts
        </h2>
        <button type="button" onClick={() => setHelpOpen(false)} className="rounded px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100">
          Close
        </button>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys} className="contents">
            <dt>
              <kbd className="inline-grid min-w-6 place-items-center rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs shadow-sm">
                {shortcut.keys}
              </kbd>
            </dt>
            <dd className="text-slate-700">{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </dialog>
  )
}
