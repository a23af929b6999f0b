'use client'

import { messageParts, type MessagePart, type StoredMessage } from '@threadline/engine'
import Link from 'next/link'
import { useState } from 'react'
import { CopyableId } from '../ui/copyable-id.tsx'
import { Badge, type BadgeTone } from '../badge.tsx'
import { BranchFromHere } from '../branches/branch-from-here.tsx'
import { formatDateTime } from '../format.ts'
import { JsonBlock } from '../ui/json-block.tsx'
import { MessageActions } from '../workbench/message-actions.tsx'
import { messageAnchor, threadMessageHref } from './anchors.ts'
import { FilePartView } from './file-part.tsx'
import { ReasoningPartView } from './reasoning-part.tsx'
import { ToolCard, ToolResultReference } from './tool-card.tsx'
import type { ToolLinks } from './tool-links.ts'
import { formatModelLabel } from '../model-label.ts'

export const roleTone: Record<StoredMessage['role'], BadgeTone> = { user: 'emerald', assistant: 'indigo', system: 'amber' }

/** The ancestor a branch inherited this message from (null: the thread's own message). */
export type InheritedFrom = { threadId: string; title: string | null } | null

/** How the current observational-memory generation covers this message. */
export type ObservationMark = { kind: 'observed' | 'buffered'; generation: number } | null

/** "openai/gpt-4o" from the turn's metadata, when the message records it. */
function producedBy(message: StoredMessage): string | null {
  const { provider, modelId } = message.content.metadata ?? {}
  if (typeof provider !== 'string') return null
  return formatModelLabel(typeof modelId === 'string' ? `${provider}/${modelId}` : provider)
}

/** Every provider-specific field of the message: its turn metadata, its own and its parts' providerMetadata. */
function providerDetails(message: StoredMessage) {
  const parts = message.content.parts.flatMap((part, index) =>
    'providerMetadata' in part && part.providerMetadata ? [{ part: index + 1, type: part.type, providerMetadata: part.providerMetadata }] : [],
  )
  return {
    ...(message.content.metadata ? { metadata: message.content.metadata } : {}),
    ...(message.content.providerMetadata ? { providerMetadata: message.content.providerMetadata } : {}),
    ...(parts.length > 0 ? { parts } : {}),
  }
}

export function MessageCard({
  message,
  position,
  threadId,
  links,
  mark,
  highlighted,
  inheritedFrom,
}: {
  message: StoredMessage
  /** 1-based position in the thread */
  position: number
  threadId: string
  links: ToolLinks
  mark: ObservationMark
  highlighted: boolean
  inheritedFrom: InheritedFrom
}) {
  const [showDetails, setShowDetails] = useState(false)
  const model = producedBy(message)
  const details = providerDetails(message)
  const parts = message.content.parts
  // legacy `content.toolInvocations`, when they are the message's tool invocations (not a copy of its parts)
  const legacyInvocations = messageParts(message).flatMap((part) => (part.type === 'tool-invocation' && !parts.includes(part) ? [part.toolInvocation] : []))
  const visibleParts = parts.filter((part) => part.type !== 'step-start')
  const steps = parts.filter((part) => part.type === 'step-start').length
  return (
    <article
      id={messageAnchor(message.id)}
      data-testid="message"
      data-role={message.role}
      data-message-id={message.id}
      data-highlighted={highlighted || undefined}
      data-inherited-from={inheritedFrom?.threadId}
      // j / k move the keyboard focus from message to message
      tabIndex={-1}
      className={`rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 border shadow-sm transition-shadow ${inheritedFrom ? 'bg-slate-50' : 'bg-white'} ${
        highlighted ? 'border-amber-300 animate-[message-flash_2s_ease-out_forwards]' : 'border-slate-200'
      } ${mark ? 'border-l-4 border-l-teal-400' : ''}`}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
        <span className="font-mono tabular-nums text-slate-400" title="Position in the thread">
          #{position}
        </span>
        <Badge tone={roleTone[message.role]}>{message.role}</Badge>
        {model && <span className="font-medium text-slate-600">{model}</span>}
        <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
        {mark && (
          <Badge tone="teal" title={`The current observational-memory generation (${mark.generation}) ${mark.kind} this message`}>
            {mark.kind === 'observed' ? 'OM observed' : 'OM buffered'} · gen {mark.generation}
          </Badge>
        )}
        {inheritedFrom && (
          <span className="inline-flex min-w-0 items-center gap-1" data-testid="inherited-marker">
            <Badge tone="slate" title="Shared history: this message lives in an ancestor thread; this branch reads it without a copy">
              inherited
            </Badge>
            <Link
              href={threadMessageHref(inheritedFrom.threadId, message.id)}
              className="truncate text-indigo-700 hover:underline"
              title={inheritedFrom.threadId}
            >
              from {inheritedFrom.title || inheritedFrom.threadId}
            </Link>
          </span>
        )}
        <CopyableId id={message.id} className="ml-auto max-w-[16rem] sm:max-w-[20rem]" />
      </header>
      <div className="space-y-3 px-4 py-3">
        {legacyInvocations.map((invocation) => {
          const pair = links.callOfResult.get(invocation.toolCallId)
          return pair?.resultMessageId === message.id ? (
            <ToolResultReference key={invocation.toolCallId} pair={pair} toolName={invocation.toolName} />
          ) : (
            <ToolCard key={invocation.toolCallId} invocation={invocation} laterResult={links.resultOfCall.get(invocation.toolCallId)} legacy />
          )
        })}
        {visibleParts.length === 0 && message.content.content ? (
          <p className="whitespace-pre-wrap text-sm leading-6">{message.content.content}</p>
        ) : (
          parts.map((part, index) => (
            <PartView key={index} part={part} message={message} links={links} stepNumber={stepNumberAt(parts, index)} multiStep={steps > 1} />
          ))
        )}
      </div>
      <footer className="flex flex-wrap items-center gap-2 border-t border-slate-100 px-4 py-1.5">
        <MessageActions message={message} threadId={threadId} resourceId={message.resourceId} />
        <BranchFromHere threadId={threadId} message={message} />
        <Link
          href={`/threads/${encodeURIComponent(threadId)}/fork?at=${encodeURIComponent(message.id)}`}
          className="rounded px-1.5 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
          title="An independent copy of the messages up to this one (another resource, an export, …)"
          data-shortcut="f"
        >
          Clone from here…
        </Link>
        {Object.keys(details).length > 0 && (
          <button
            type="button"
            aria-expanded={showDetails}
            onClick={() => setShowDetails((shown) => !shown)}
            className="rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100"
          >
            {showDetails ? 'Hide provider metadata' : 'Provider metadata'}
          </button>
        )}
      </footer>
      {showDetails && (
        <div className="border-t border-slate-100 bg-slate-50 px-4 py-3" data-testid="provider-metadata">
          <JsonBlock value={details} />
        </div>
      )}
    </article>
  )
}

/** 1-based number of the step a part belongs to (steps start at `step-start` parts). */
function stepNumberAt(parts: MessagePart[], index: number): number {
  return parts.slice(0, index + 1).filter((part) => part.type === 'step-start').length
}

function PartView({
  part,
  message,
  links,
  stepNumber,
  multiStep,
}: {
  part: MessagePart
  message: StoredMessage
  links: ToolLinks
  stepNumber: number
  multiStep: boolean
}) {
  switch (part.type) {
    case 'text':
      return <p className="whitespace-pre-wrap text-sm leading-6 text-slate-800">{part.text}</p>
    case 'reasoning':
      return <ReasoningPartView part={part} message={message} />
    case 'tool-invocation': {
      const invocation = part.toolInvocation
      const pair = links.callOfResult.get(invocation.toolCallId)
      if (pair?.resultMessageId === message.id && invocation.state === 'result') {
        return <ToolResultReference pair={pair} toolName={invocation.toolName} />
      }
      return <ToolCard invocation={invocation} laterResult={links.resultOfCall.get(invocation.toolCallId)} />
    }
    case 'file':
      return <FilePartView part={part} />
    case 'step-start':
      // a new model step inside one assistant turn; only worth a divider when there are several
      return multiStep && stepNumber > 1 ? (
        <div className="flex items-center gap-2 text-[11px] font-medium uppercase tracking-wide text-slate-400" data-testid="step-start">
          <span className="h-px flex-1 bg-slate-200" /> step {stepNumber} <span className="h-px flex-1 bg-slate-200" />
        </div>
      ) : null
  }
}
