import type { ReactNode } from 'react'
import { Badge, type BadgeTone } from '../badge.tsx'
import { typeLabel, type ReferenceOperation } from './reference-model.ts'
import { SchemaFields } from './schema-fields.tsx'
import { TextWithCode } from './text-with-code.tsx'

const methodTones: Record<string, BadgeTone> = { GET: 'sky', POST: 'emerald', PUT: 'amber', PATCH: 'violet', DELETE: 'red' }

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h4 className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      <div className="mt-1">{children}</div>
    </div>
  )
}

/** One REST operation: method and path, what it does, its parameters, body, answer and errors. */
export function OperationCard({ operation }: { operation: ReferenceOperation }) {
  return (
    <section id={operation.operationId} className="min-w-0 scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="api-operation">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2.5">
        <Badge tone={methodTones[operation.method] ?? 'slate'}>{operation.method}</Badge>
        <h3 className="min-w-0 font-mono text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">{operation.path}</h3>
        <p className="w-full text-sm text-slate-600">
          <TextWithCode text={operation.summary} />
        </p>
      </header>
      <div className="grid gap-4 px-4 py-3 lg:grid-cols-2">
        <div className="min-w-0 space-y-3">
          <p className="text-xs text-slate-500">
            <span className="font-mono">{operation.operationId}</span> · <TextWithCode text={operation.description} />
          </p>
          {operation.parameters.length > 0 && (
            <Section title="Parameters">
              <ul className="space-y-1">
                {operation.parameters.map((parameter) => (
                  <li key={`${parameter.in}-${parameter.name}`} className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-xs">
                    <span className="font-mono font-medium text-slate-900">{parameter.name}</span>
                    <span className="text-slate-400">{parameter.in}</span>
                    <span className="min-w-0 font-mono text-slate-500 [overflow-wrap:anywhere]">{typeLabel(parameter.schema)}</span>
                    {parameter.required && <span className="text-[11px] font-semibold uppercase tracking-wide text-amber-700">required</span>}
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {operation.body && (
            <Section title="JSON body">
              <SchemaFields schema={operation.body} />
            </Section>
          )}
        </div>
        <div className="min-w-0 space-y-3">
          {operation.response && (
            <Section title="200 answer (application/json)">
              <details>
                <summary className="cursor-pointer text-xs text-indigo-700">Fields</summary>
                <div className="mt-1">
                  <SchemaFields schema={operation.response} />
                </div>
              </details>
            </Section>
          )}
          <Section title="Errors (application/problem+json)">
            <ul className="space-y-0.5 text-xs text-slate-600">
              {operation.errors.map((error) => (
                <li key={error.status}>
                  <span className="font-mono font-medium text-slate-900">{error.status}</span> <TextWithCode text={error.description} />
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
    </section>
  )
}
