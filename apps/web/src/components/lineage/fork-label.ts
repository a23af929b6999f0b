import { formatDateTime, plural } from '../format.ts'
import type { LineageNode } from './lineage-layout.ts'

/**
 * How a thread was forked, in a few words: a clone from the message it was
 * forked after, a branch at its branch point (the message's text, else its id).
 * `withDate` adds when (the list and tooltips; the cards stay short).
 */
export function forkLabel(node: Pick<LineageNode, 'forkKind' | 'forkedAt' | 'forkPoint'>, withDate = false): string {
  if (node.forkKind === 'root') return ''
  const when = withDate && node.forkedAt ? ` ${formatDateTime(node.forkedAt)}` : ''
  const verb = node.forkKind === 'branch' ? `branched${when} at` : `forked${when} after`
  if (!node.forkPoint) return node.forkKind === 'branch' ? `branched${when}` : `forked${when}`
  return `${verb} “${node.forkPoint.snippet ?? node.forkPoint.messageId}”`
}

/** "3 branches · 1 clone" */
export function forkCounts(children: Pick<LineageNode, 'forkKind'>[]): string {
  const branches = children.filter((child) => child.forkKind === 'branch').length
  const clones = children.length - branches
  return [branches > 0 ? plural(branches, 'branch') : null, clones > 0 ? plural(clones, 'clone') : null].filter(Boolean).join(' · ')
}
