'use client'

import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { runParametersLabel } from '../workbench/run-parameters-label.ts'
import { promptMessages } from './prompt-parts.ts'

type Call = RouterOutputs['calls']['get']

const lineTone = {
  text: '',
  reasoning: 'italic text-slate-500',
  'tool-call': 'text-indigo-800',
  'tool-result': 'text-teal-800',
  file: 'text-slate-500',
  other: '',
}
const lineLabel = { text: '', reasoning: 'reasoning', 'tool-call': 'tool call', 'tool-result': 'tool result', file: '', other: 'part' }

const isDemo = (call: Pick<Call, 'provider'>) => call.provider === 'demo'

/** "$0.0012": small amounts keep two significant digits. */
function formatUsd(usd: number): string {
  if (usd === 0) return '$0'
  return usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toPrecision(2)}`
}

function CostEstimateLine({ call }: { call: Call }) {
  const estimate = call.costEstimate
  if (estimate.known) {
    return (
      <span>
        <span className="font-medium tabular-nums text-slate-800" data-testid="call-cost">
          ≈ {formatUsd(estimate.usd)}
        </span>{' '}
        <span className="text-slate-500">
          estimate at list prices (${estimate.price.inputPerMillion} / ${estimate.price.outputPerMillion} per million tokens in / out, from{' '}
          <a className="text-indigo-700 underline" href={estimate.price.source} rel="noreferrer" target="_blank">
            the provider’s pricing page
          </a>{' '}
          as of {estimate.price.asOf}; docs/pricing.md){isDemo(call) ? ', from estimated token counts' : ''}
        </span>
      </span>
    )
  }
  return (
    <span className="text-slate-500" data-testid="call-cost">
      {estimate.reason === 'no-price'
        ? `no price known for ${call.provider}/${call.modelId} (docs/pricing.md lists the models with a price)`
        : 'no token counts reported, so no estimate'}
    </span>
  )
}

/** What the call sent and got back: the prompt by role, the reply, the run parameters, tokens and the cost estimate. */
export function CallBodyView({ call }: { call: Call }) {
  const { body, parameters, usage } = call
  return (
    <div className="space-y-3" data-testid="call-body">
      <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-medium text-slate-600">Parameters</dt>
        <dd data-testid="call-parameters" className="text-slate-700">
          {runParametersLabel(parameters)}
        </dd>
        <dt className="font-medium text-slate-600">Tokens</dt>
        <dd className="text-slate-700" data-testid="call-tokens">
          {usage ? `${usage.inputTokens.toLocaleString('en-US')} in / ${usage.outputTokens.toLocaleString('en-US')} out` : 'not reported'}
          {usage && isDemo(call) ? ' (estimated by the demo provider: about 4 characters a token, not a tokenizer count)' : ''}
        </dd>
        <dt className="font-medium text-slate-600">
          Estimated cost <Badge tone="amber">estimate</Badge>
        </dt>
        <dd className="min-w-0 break-words text-xs [overflow-wrap:anywhere]">
          <CostEstimateLine call={call} />
        </dd>
      </dl>
      {body === null ? (
        <p className="text-xs text-slate-500">No prompt or reply recorded for this call (seeded, or recorded before prompts were kept).</p>
      ) : (
        <>
          {body.truncatedChars > 0 && (
            <p className="text-xs text-amber-800">
              Cut to the recording cap: {body.truncatedChars.toLocaleString('en-US')} characters left out (each cut text ends with “characters cut”).
            </p>
          )}
          <section aria-label="Prompt" data-testid="call-prompt">
            <h4 className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">Prompt as sent (after the compat rules)</h4>
            <ol className="mt-1 space-y-1.5">
              {promptMessages(body.prompt).map((message, index) => (
                <li key={index} className="rounded border border-slate-200 px-2 py-1.5" data-testid="call-prompt-message" data-role={message.role}>
                  <span className="text-[11px] font-semibold uppercase text-slate-500">{message.role}</span>
                  {message.lines.map((line, at) => (
                    <p
                      key={at}
                      className={`mt-0.5 whitespace-pre-wrap break-words font-mono text-xs leading-5 [overflow-wrap:anywhere] ${lineTone[line.kind]}`}
                    >
                      {lineLabel[line.kind] && <span className="mr-1 font-sans text-[11px] uppercase text-slate-500">{lineLabel[line.kind]}</span>}
                      {line.text}
                    </p>
                  ))}
                </li>
              ))}
            </ol>
          </section>
          <section aria-label="Reply" data-testid="call-reply">
            <h4 className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">Reply</h4>
            {body.reply === null ? (
              <p className="mt-1 text-xs text-slate-500">No reply: the call failed.</p>
            ) : (
              <div className="mt-1 space-y-1 rounded border border-slate-200 px-2 py-1.5">
                {body.reply.text !== '' && (
                  <p className="whitespace-pre-wrap break-words font-mono text-xs leading-5 [overflow-wrap:anywhere]">{body.reply.text}</p>
                )}
                {body.reply.toolCalls.map((toolCall) => (
                  <p key={toolCall.toolCallId} className="whitespace-pre-wrap break-words font-mono text-xs leading-5 text-indigo-800 [overflow-wrap:anywhere]">
                    <span className="mr-1 font-sans text-[11px] uppercase text-slate-500">tool call</span>
                    {toolCall.toolName}({toolCall.input})
                  </p>
                ))}
                {body.reply.text === '' && body.reply.toolCalls.length === 0 && <p className="text-xs text-slate-500">An empty reply.</p>}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  )
}
