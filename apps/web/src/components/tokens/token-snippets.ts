// The usage snippets shown with a newly issued token: the typed client and
// curl against the REST surface, ready to paste (the token and a resource of
// its scope filled in; a write token creates a thread, a read-only one lists).

export type SnippetInput = {
  /** where the app is served, e.g. https://threadline.internal */
  origin: string
  token: string
  /** a resource of the token's scope; null for an all-resources token */
  resourceId: string | null
  canWrite: boolean
}

const RESOURCE_PLACEHOLDER = 'your-resource-id'

/** A shell word in single quotes ('it'\''s'). */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

export function clientSnippet({ origin, token, resourceId, canWrite }: SnippetInput): string {
  const resource = JSON.stringify(resourceId ?? RESOURCE_PLACEHOLDER)
  const call = canWrite
    ? `const thread = await threadline.threads.create.mutate({ resourceId: ${resource}, title: 'First thread' })\nconsole.log(thread.id)`
    : `const { items } = await threadline.threads.list.query({ resourceId: ${resource} })\nconsole.log(items.length)`
  return [
    `// run with: THREADLINE_TOKEN=${shellQuote(token)} node app.mjs`,
    `import { createThreadlineClient } from '@threadline/client'`,
    '',
    `const threadline = createThreadlineClient({ url: ${JSON.stringify(origin)}, token: process.env.THREADLINE_TOKEN })`,
    call,
  ].join('\n')
}

export function curlSnippet({ origin, token, resourceId, canWrite }: SnippetInput): string {
  const resource = resourceId ?? RESOURCE_PLACEHOLDER
  const auth = `-H ${shellQuote(`Authorization: Bearer ${token}`)}`
  if (!canWrite) return `curl ${shellQuote(`${origin}/api/v1/threads?resourceId=${encodeURIComponent(resource)}`)} \\\n  ${auth}`
  const body = JSON.stringify({ resourceId: resource, title: 'First thread' })
  return [`curl -X POST ${shellQuote(`${origin}/api/v1/threads`)}`, auth, `-H 'Content-Type: application/json'`, `-d ${shellQuote(body)}`].join(' \\\n  ')
}
