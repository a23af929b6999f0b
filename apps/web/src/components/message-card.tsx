import type { MessagePart, ReasoningPart, StoredMessage, ToolInvocationPart } from '@threadline/engine'
import { Badge, type BadgeTone } from './badge.tsx'
import { formatDateTime } from './format.ts'

const roleTone: Record<StoredMessage['role'], BadgeTone> = { user: 'emerald', assistant: 'indigo', system: 'amber' }

/** "openai / gpt-4o" from the turn's metadata, when the message records it. */
function producedBy(message: StoredMessage): string | null {
  const { provider, modelId } = message.content.metadata ?? {}
  if (typeof provider !== 'string') return null
  return typeof modelId === 'string' ? `${provider} / ${modelId}` : provider
}

export function MessageCard({ message }: { message: StoredMessage }) {
  const model = producedBy(message)
  const parts = message.content.parts.filter((part) => part.type !== 'step-start')
  return (
    <article className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="message" data-role={message.role}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-2.5 text-xs text-slate-500">
        <Badge tone={roleTone[message.role]}>{message.role}</Badge>
        {model && <span className="font-medium text-slate-600">{model}</span>}
        <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
        <span className="ml-auto font-mono text-slate-400">{message.id}</span>
      </header>
      <div className="space-y-3 px-4 py-3">
        {parts.length === 0 && message.content.content ? (
          <p className="whitespace-pre-wrap text-sm leading-6">{message.content.content}</p>
        ) : (
          parts.map((part, index) => <PartView key={index} part={part} />)
        )}
      </div>
    </article>
  )
}

function PartView({ part }: { part: MessagePart }) {
  switch (part.type) {
    case 'text':
      return <p className="whitespace-pre-wrap text-sm leading-6 text-slate-800">{part.text}</p>
    case 'reasoning':
      return <ReasoningView part={part} />
    case 'tool-invocation':
      return <ToolInvocationView part={part} />
    case 'file':
      return <p className="text-sm text-slate-500">File ({part.mimeType})</p>
    case 'step-start':
      return null
  }
}

function ReasoningView({ part }: { part: ReasoningPart }) {
  const providers = Object.keys(part.providerMetadata ?? {})
  const signed = part.details.some((detail) => detail.type === 'text' && detail.signature)
  const redacted = part.details.some((detail) => detail.type === 'redacted')
  return (
    <details className="group rounded-md border border-amber-200 bg-amber-50/50" data-testid="reasoning">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-xs font-medium text-amber-900">
        <span aria-hidden className="transition-transform group-open:rotate-90">▸</span>
        Reasoning
        {providers.map((provider) => (
          <Badge key={provider} tone="amber">
            {provider}
          </Badge>
        ))}
        {signed && <Badge tone="amber">signed</Badge>}
        {redacted && <Badge tone="amber">redacted</Badge>}
      </summary>
      <p className="whitespace-pre-wrap border-t border-amber-200 px-3 py-2 text-sm leading-6 text-amber-950/80">
        {part.reasoning || <span className="italic">(no readable text)</span>}
      </p>
    </details>
  )
}

function ToolInvocationView({ part }: { part: ToolInvocationPart }) {
  const call = part.toolInvocation
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50" data-testid="tool-invocation">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 text-xs">
        <span className="font-semibold text-slate-800">{call.toolName}</span>
        <span className="font-mono text-slate-500">{call.toolCallId}</span>
        <span className="ml-auto">
          <Badge tone={call.state === 'result' ? 'emerald' : 'slate'}>{call.state}</Badge>
        </span>
      </div>
      <div className={`grid gap-px bg-slate-200 ${call.state === 'result' ? 'sm:grid-cols-2' : ''}`}>
        <JsonBlock label="Arguments" value={call.args} />
        {call.state === 'result' && <JsonBlock label="Result" value={call.result} />}
      </div>
    </div>
  )
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 bg-slate-50 px-3 py-2">
      <p className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <pre className="mt-1 whitespace-pre-wrap font-mono text-xs leading-5 text-slate-700 [overflow-wrap:anywhere]">{JSON.stringify(value, null, 2)}</pre>
    </div>
  )
}
