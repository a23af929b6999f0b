import { describe, expect, it } from 'vitest'
import { clientSnippet, curlSnippet } from './token-snippets.ts'

const base = { origin: 'http://127.0.0.1:3000', token: 'tl_secret' }

describe('token usage snippets', () => {
  it('a write token creates a thread in its resource, with the client and with curl', () => {
    const input = { ...base, resourceId: 'acme-support', canWrite: true }
    expect(clientSnippet(input)).toContain(`createThreadlineClient({ url: "http://127.0.0.1:3000", token: process.env.THREADLINE_TOKEN })`)
    expect(clientSnippet(input)).toContain(`threads.create.mutate({ resourceId: "acme-support", title: 'First thread' })`)
    expect(clientSnippet(input)).toContain(`THREADLINE_TOKEN='tl_secret' node app.mjs`)
    expect(curlSnippet(input)).toBe(
      [
        `curl -X POST 'http://127.0.0.1:3000/api/v1/threads'`,
        `-H 'Authorization: Bearer tl_secret'`,
        `-H 'Content-Type: application/json'`,
        `-d '{"resourceId":"acme-support","title":"First thread"}'`,
      ].join(' \\\n  '),
    )
  })

  it('a read-only token lists threads; quotes in a typed resource id stay one shell word', () => {
    const input = { ...base, resourceId: "o'brien & co", canWrite: false }
    expect(clientSnippet(input)).toContain(`threads.list.query({ resourceId: "o'brien & co" })`)
    expect(curlSnippet(input)).toBe(`curl 'http://127.0.0.1:3000/api/v1/threads?resourceId=o'\\''brien%20%26%20co' \\\n  -H 'Authorization: Bearer tl_secret'`)
  })

  it('an all-resources token names a placeholder resource', () => {
    expect(curlSnippet({ ...base, resourceId: null, canWrite: true })).toContain('"resourceId":"your-resource-id"')
  })
})
