import type { ToolInvocation } from '@threadline/engine'
import { Badge } from '../badge.tsx'
import { JsonBlock } from '../ui/json-block.tsx'
import { messageAnchor } from './anchors.ts'
import type { SplitToolPair } from './tool-links.ts'

/**
 * A tool call and its result as one card. For a pair stored in two messages
 * the card sits at the call, shows the result from the later message and
 * links to it.
 */
export function ToolCard({ invocation, laterResult, legacy }: { invocation: ToolInvocation; laterResult?: SplitToolPair | undefined; legacy?: boolean }) {
  const result = invocation.state === 'result' ? invocation : laterResult?.result
  const state = result ? 'result' : invocation.state
  return (
    <div className="overflow-hidden rounded-md border border-slate-200 bg-slate-50" data-testid="tool-invocation">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 text-xs">
        <span aria-hidden className="text-slate-400">
          ⚙
        </span>
        <span className="font-semibold text-slate-800">{invocation.toolName}</span>
        <span className="min-w-0 font-mono text-slate-500 [overflow-wrap:anywhere]">{invocation.toolCallId}</span>
        {legacy && <Badge title="Stored in the legacy content.toolInvocations list">legacy</Badge>}
        <span className="ml-auto flex items-center gap-2">
          {laterResult && (
            <a href={`#${messageAnchor(laterResult.resultMessageId)}`} className="text-indigo-700 hover:underline" data-testid="tool-result-link">
              result stored in {laterResult.resultMessageId} ↓
            </a>
          )}
          <Badge tone={state === 'result' ? 'emerald' : 'amber'}>{state === 'result' ? 'call + result' : `${state}: no result yet`}</Badge>
        </span>
      </div>
      <div className={`grid gap-px bg-slate-200 ${result ? 'sm:grid-cols-2' : ''}`}>
        <JsonBlock label="Arguments" value={invocation.args} className="bg-slate-50 px-3 py-2" />
        {result && <JsonBlock label="Result" value={result.result} className="bg-slate-50 px-3 py-2" />}
      </div>
    </div>
  )
}

/** Where a result was stored apart from its call: a link back to the card at the call. */
export function ToolResultReference({ pair, toolName }: { pair: SplitToolPair; toolName: string }) {
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-slate-300 bg-white px-3 py-2 text-xs text-slate-600"
      data-testid="tool-result-reference"
    >
      <span aria-hidden className="text-slate-400">
        ↳
      </span>
      Result of <span className="font-semibold text-slate-800">{toolName}</span>
      <span className="font-mono text-slate-500 [overflow-wrap:anywhere]">{pair.toolCallId}</span>
      <a href={`#${messageAnchor(pair.callMessageId)}`} className="ml-auto text-indigo-700 hover:underline">
        shown with its call in {pair.callMessageId} ↑
      </a>
    </div>
  )
}
