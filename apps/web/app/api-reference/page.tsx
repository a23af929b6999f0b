import type { Metadata } from 'next'
import { openApiDocument } from '@threadline/api/openapi'
import { OperationCard } from '@/components/api-reference/operation-card.tsx'
import { referenceOperations } from '@/components/api-reference/reference-model.ts'
import { JsonBlock } from '@/components/ui/json-block.tsx'
import { Panel } from '@/components/ui/panel.tsx'
import { PageHeader } from '@/components/ui/page-header.tsx'

export const metadata: Metadata = { title: 'API reference · Threadline' }

/** Inline code in the Basics card: short tokens (`Retry-After`, `Bearer tl_…`) stay on one line, never split at a hyphen or inside. */
const basicsCode = 'whitespace-nowrap font-mono text-xs'

const problemExample = {
  type: 'urn:threadline:error:BAD_REQUEST',
  title: 'Bad request',
  status: 400,
  detail: 'messages[0].role: must be one of "user", "assistant", "system"',
  code: 'BAD_REQUEST',
  field: 'messages[0].role',
  issues: [{ path: 'messages[0].role', message: 'must be one of "user", "assistant", "system"' }],
}

/** The REST surface, rendered from the same OpenAPI document /api/openapi.json serves. */
export default function ApiReferencePage() {
  const operations = referenceOperations(openApiDocument())
  const tags = [...new Set(operations.map((operation) => operation.tag))]
  return (
    <div className="space-y-6">
      <PageHeader
        title="API reference"
        description="The backend procedures over plain JSON HTTP (REST), for backends in any language. TypeScript backends can use the typed client instead."
        actions={
          <a href="/api/openapi.json" className="text-sm font-medium text-indigo-700 hover:underline" data-testid="openapi-link">
            OpenAPI 3.1 document (JSON)
          </a>
        }
      />
      <Panel title="Basics">
        <div className="grid gap-4 text-sm text-slate-700 lg:grid-cols-2">
          <ul className="min-w-0 list-disc space-y-1 pl-5">
            <li>
              Base path <code className={basicsCode}>/api/v1</code>; bodies and answers are JSON, dates ISO 8601 strings.
            </li>
            <li>
              Authenticate with an API token from the{' '}
              <a href="/tokens" className="text-indigo-700 hover:underline">
                API tokens
              </a>{' '}
              page: <code className={basicsCode}>Authorization: Bearer tl_…</code>
            </li>
            <li>
              Errors are RFC 9457 problem documents (<code className={basicsCode}>application/problem+json</code>) with the typed{' '}
              <code className={basicsCode}>code</code>, one sentence in <code className={basicsCode}>detail</code> and the{' '}
              <code className={basicsCode}>field</code> at fault. A 429 carries <code className={basicsCode}>Retry-After</code>.
            </li>
          </ul>
          <JsonBlock value={problemExample} className="rounded bg-slate-50 p-2 ring-1 ring-slate-200" />
        </div>
      </Panel>
      <nav aria-label="Operations" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {operations.map((operation) => (
          <a key={operation.operationId} href={`#${operation.operationId}`} className="font-mono text-xs text-indigo-700 hover:underline">
            {operation.operationId}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <div key={tag} className="space-y-3">
          <h2 className="text-lg font-semibold tracking-tight">{tag}</h2>
          {operations
            .filter((operation) => operation.tag === tag)
            .map((operation) => (
              <OperationCard key={operation.operationId} operation={operation} />
            ))}
        </div>
      ))}
    </div>
  )
}
