// Thread export and import over REST on both databases: a thread with a
// branch and working memory exported as JSON Lines and imported under a new
// id (the same history), a repeat import answering `existing`, a bad line and
// an oversized line refused as problem documents naming the line with nothing
// written, and the scopes: another tenant's token, a read-only token, no token.
import { beforeAll, expect, it } from 'vitest'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { jsonTextMessage } from './testing/json-text-message.ts'

const TENANT = 'transfer-tenant'
const MAX_LINE_BYTES = 100_000
const startsAt = Date.UTC(2026, 10, 4, 9, 0, 0)

describeEachApi(
  'thread export and import over REST',
  (getApi) => {
    let api: ApiHarness
    let token: string
    const url = (path: string) => `${api.server.url}/api/v1${path}`
    const exportFile = async (threadId: string, query = '?branches=true', bearer = token) =>
      fetch(url(`/threads/${threadId}/export${query}`), { headers: { authorization: `Bearer ${bearer}` } })
    const importFile = (body: string, query = '', bearer = token) =>
      fetch(url(`/threads/import${query}`), { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/x-ndjson' }, body })
    const texts = async (threadId: string) =>
      (await api.services.memory.listMessages({ threadId })).map((m) => (m.content.parts[0]?.type === 'text' ? m.content.parts[0].text : ''))

    beforeAll(async () => {
      api = getApi()
      const issued = await api.issueToken({ resourceIds: [TENANT], canWrite: true })
      token = issued.token
      await issued.client.threads.create.mutate({ threadId: 'tr', resourceId: TENANT, title: 'To move' })
      const messages = Array.from({ length: 6 }, (_, index) =>
        jsonTextMessage({ id: `tr${index}`, index, text: `text ${index}`, threadId: 'tr', resourceId: TENANT, startsAt }),
      )
      await issued.client.messages.save.mutate({ messages: messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })) } as never)
      await issued.client.branches.create.mutate({ sourceThreadId: 'tr', branchPointMessageId: 'tr3', newThreadId: 'tr-b' })
      await issued.client.memory.working.update.mutate({ scope: 'thread', threadId: 'tr', workingMemory: '# notes' } as never)
    })

    it('exports the thread with its branch as ndjson, imports it under a new id with the same history, and a repeat is existing', async () => {
      const exported = await exportFile('tr')
      expect(exported.status).toBe(200)
      expect(exported.headers.get('content-type')).toBe('application/x-ndjson')
      const file = await exported.text()
      const types = file
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { type?: string; format?: string }).type ?? (JSON.parse(line) as { format: string }).format)
      expect(types).toEqual(['threadline-thread', ...Array(6).fill('message'), 'workingMemory', 'branch', 'end'])
      const imported = await importFile(file, '?newThreadId=tr-copy')
      expect(imported.status).toBe(200)
      expect(await imported.json()).toEqual({ status: 'imported', threadId: 'tr-copy', resourceId: TENANT, threads: 2, messages: 6 })
      expect(await texts('tr-copy')).toEqual(await texts('tr'))
      const [branch] = await api.services.memory.listBranches('tr-copy')
      expect(await texts(branch!.id)).toEqual(await texts('tr-b'))
      const again = await importFile(file, '?newThreadId=tr-copy')
      expect(await again.json()).toMatchObject({ status: 'existing', threadId: 'tr-copy' })
      expect(await api.services.memory.listBranches('tr-copy')).toHaveLength(1)
      const withoutBranches = await (await exportFile('tr', '')).text()
      expect(withoutBranches).not.toContain('"type":"branch"')
    })

    it('a bad line is a 400 problem naming the line, an oversized line a 413 naming it; neither leaves a thread', async () => {
      const file = (await (await exportFile('tr')).text()).trim().split('\n')
      const bad = file.map((line, index) => (index === 4 ? line.replace(/"role"\s*:\s*"\w+"/, '"role": ""') : line))
      const refused = await importFile(bad.join('\n'), '?newThreadId=tr-bad')
      expect(refused.status).toBe(400)
      expect(refused.headers.get('content-type')).toBe('application/problem+json')
      expect(await refused.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'lines[5].role', detail: expect.stringContaining('lines[5].role') })
      const huge = [...file.slice(0, 3), `{"type":"message","pad":"${'x'.repeat(MAX_LINE_BYTES)}"}`, ...file.slice(3)]
      const tooLarge = await importFile(huge.join('\n'), '?newThreadId=tr-bad')
      expect(tooLarge.status).toBe(413)
      expect(await tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: expect.stringMatching(/^Line 4 is longer than 100000 bytes/) })
      expect(await api.services.db.storage.getThreadById('tr-bad')).toBeNull()
    })

    it("another tenant's token cannot export the thread nor import into this tenant; a read-only token cannot import; no token is a 401", async () => {
      const file = await (await exportFile('tr')).text()
      const other = await api.issueToken({ resourceIds: ['another-tenant'], canWrite: true })
      const foreignExport = await exportFile('tr', '', other.token)
      expect(foreignExport.status).toBe(404)
      expect(await foreignExport.json()).toMatchObject({ code: 'NOT_FOUND' })
      expect((await importFile(file, '?newThreadId=tr-foreign', other.token)).status).toBe(403)
      const readOnly = await api.issueToken({ resourceIds: [TENANT], canWrite: false })
      expect((await importFile(file, '?newThreadId=tr-ro', readOnly.token)).status).toBe(403)
      const anonymous = await fetch(url('/threads/tr/export'))
      expect(anonymous.status).toBe(401)
      expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(await api.services.db.storage.getThreadById('tr-foreign')).toBeNull()
      expect(await api.services.db.storage.getThreadById('tr-ro')).toBeNull()
    })
  },
  { THREADLINE_MAX_BODY_BYTES: String(MAX_LINE_BYTES), THREADLINE_RATE_LIMIT_PER_SECOND: '1000', THREADLINE_RATE_LIMIT_BURST: '1000' },
)
