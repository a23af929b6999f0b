// Issue 31 item 2 over real HTTP on both databases: a saved playground rule is
// not live until an operator enables it; once enabled, a workbench turn's
// `rules` event names it among the enabled rules that acted; a rule whose
// fixtures fail is flagged by fixtureHealth, from the result stored when the
// rule or its fixtures changed (a playground load runs no fixture).
import { reply } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { beforeAll, expect, it, vi } from 'vitest'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import type { TurnEvent } from './workbench/turn-events.ts'

const server = useFakeProvider({ envFor: ['openai'] })

const RESOURCE = 'rules-enable-resource'
const MODEL = 'openai-chat/gpt-4o'
const TAG = 'Tagged by the enable-test rule.'

const taggingRule = `export default {
  name: 'tag-every-prompt',
  applyToPrompt({ prompt }) { return [...prompt, { role: 'system', content: '${TAG}' }] },
}`

async function collect(stream: AsyncIterable<TurnEvent>): Promise<TurnEvent[]> {
  const events: TurnEvent[] = []
  for await (const event of stream) events.push(event)
  return events
}

describeEachApi('saved rules go live only when enabled', (getApi) => {
  let api: ApiHarness
  beforeAll(() => {
    api = getApi()
  })

  it('leaves a just-saved rule out of workbench turns; enabled, it rewrites the wire and the turn names it', async () => {
    const threadId = `rules-enable-${Date.now()}`
    await api.services.memory.createThread({ threadId, resourceId: RESOURCE })
    const rule = await api.operator.playground.rules.create.mutate({ name: 'tag-every-prompt', code: taggingRule })
    try {
      expect(rule.enabled).toBe(false)
      server.enqueue('openai', reply.text('First.'), reply.text('Second.'))

      const before = await collect(await api.operator.workbench.turn.mutate({ threadId, resourceId: RESOURCE, model: MODEL, message: 'One' }))
      expect(before.filter((event) => event.type === 'rules')).toEqual([])
      expect(JSON.stringify(server.requests[0]!.body)).not.toContain(TAG)

      await api.operator.playground.rules.update.mutate({ id: rule.id, enabled: true })
      expect((await api.operator.audit.list.query({ action: 'rule.update', limit: 1 })).events[0]).toMatchObject({
        targetId: rule.id,
        details: { name: 'tag-every-prompt', enabled: true },
      })
      const after = await collect(await api.operator.workbench.turn.mutate({ threadId, resourceId: RESOURCE, model: MODEL, message: 'Two' }))
      expect(after.filter((event) => event.type === 'rules')).toEqual([
        { type: 'rules', stepNumber: 0, rules: ['tag-every-prompt'], enabledRules: ['tag-every-prompt'] },
      ])
      expect(JSON.stringify(server.requests[1]!.body)).toContain(TAG)
    } finally {
      await api.operator.playground.rules.delete.mutate({ id: rule.id })
    }
  })

  it('flags a saved rule whose fixtures fail, naming them; a rule whose fixtures pass is not flagged', async () => {
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
    const failing = await api.operator.playground.rules.create.mutate({
      name: 'tag-with-wrong-fixture',
      code: taggingRule.replace("'tag-every-prompt'", "'tag-with-wrong-fixture'"),
      fixtures: [
        { name: 'rewrites', kind: 'prompt', model: 'openai/gpt-4o', prompt, expect: { fires: true } },
        { name: 'claims no rewrite', kind: 'prompt', model: 'openai/gpt-4o', prompt, expect: { fires: false } },
      ],
    })
    const passing = await api.operator.playground.rules.create.mutate({
      name: 'tag-with-right-fixture',
      code: taggingRule.replace("'tag-every-prompt'", "'tag-with-right-fixture'"),
      fixtures: [{ name: 'rewrites', kind: 'prompt', model: 'openai/gpt-4o', prompt, expect: { fires: true } }],
    })
    try {
      const health = await api.operator.playground.rules.fixtureHealth.query()
      expect(health.find((entry) => entry.ruleId === failing.id)).toEqual({ ruleId: failing.id, passed: false, failing: ['claims no rewrite'] })
      expect(health.find((entry) => entry.ruleId === passing.id)).toEqual({ ruleId: passing.id, passed: true, failing: [] })
    } finally {
      await api.operator.playground.rules.delete.mutate({ id: failing.id })
      await api.operator.playground.rules.delete.mutate({ id: passing.id })
    }
  })

  it('stores the fixture results at save and on each change: fixtureHealth runs no fixture', async () => {
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
    const fires = (expected: boolean) => ({ name: 'fires?', kind: 'prompt' as const, model: 'openai/gpt-4o', prompt, expect: { fires: expected } })
    const rule = await api.operator.playground.rules.create.mutate({
      name: 'tag-stored-health',
      code: taggingRule.replace("'tag-every-prompt'", "'tag-stored-health'"),
      fixtures: [fires(false)],
    })
    const sandboxRuns = vi.spyOn(api.services.playground, 'run')
    try {
      const entry = async () => (await api.operator.playground.rules.fixtureHealth.query()).find((health) => health.ruleId === rule.id)
      expect(await entry()).toEqual({ ruleId: rule.id, passed: false, failing: ['fires?'] })
      expect(sandboxRuns).not.toHaveBeenCalled()
      // a change of the fixtures runs them once, and stores the new result
      await api.operator.playground.rules.update.mutate({ id: rule.id, fixtures: [fires(true)] })
      expect(sandboxRuns).toHaveBeenCalledTimes(1)
      expect(await entry()).toEqual({ ruleId: rule.id, passed: true, failing: [] })
      expect(sandboxRuns).toHaveBeenCalledTimes(1)
    } finally {
      sandboxRuns.mockRestore()
      await api.operator.playground.rules.delete.mutate({ id: rule.id })
    }
  })
})
