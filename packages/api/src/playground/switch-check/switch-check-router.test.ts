// playground.switchCheck in-process as an operator, on PGlite and PostgreSQL:
// the stored history as is and compiled, per provider family, through the
// real AI SDK packages against the strict loopback dialects (in the worker pool).
import { describeEachDatabase, textMessage } from '@threadline/db/testing'
import { toolCallExchange } from '@threadline/engine/testing'
import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readServerConfig } from '../../config.ts'
import { createServices, type Services } from '../../services.ts'
import { TEST_AUTH_SECRET } from '../../testing/api-harness.ts'
import { operatorCaller } from '../../testing/operator-caller.ts'

const THREAD = 'switch-check-openai-ids'
const LONG_THREAD = 'switch-check-long'
const RESOURCE = 'res-switch-check'
/** an OpenAI tool-call id: Mistral takes only nine letters or digits */
const OPENAI_CALL_ID = 'call_0fypS1hVX'

const codeOf = (code: TRPCError['code']) => (error: unknown) => error instanceof TRPCError && error.code === code

describeEachDatabase('playground.switchCheck', (getDb) => {
  let services: Services
  const switchCheck = () => operatorCaller(services).playground.switchCheck

  beforeAll(async () => {
    services = await createServices(getDb(), readServerConfig({ THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET }))
    await getDb().storage.createThread({ id: THREAD, resourceId: RESOURCE })
    await getDb().storage.insertMessages(toolCallExchange({ threadId: THREAD, resourceId: RESOURCE, toolCallId: OPENAI_CALL_ID }))
    await getDb().storage.createThread({ id: LONG_THREAD, resourceId: RESOURCE })
    await getDb().storage.insertMessages(
      Array.from({ length: 250 }, (_, index) =>
        textMessage({
          id: `long-${String(index).padStart(3, '0')}`,
          threadId: LONG_THREAD,
          resourceId: RESOURCE,
          at: new Date(Date.UTC(2026, 0, 1, 0, index)),
        }),
      ),
    )
    await services.playground.warm()
  }, 60_000)
  afterAll(() => services.playground.close())

  it('shows, per family, the history refused as stored with the verbatim body, the rules that would change it, and that compiling drops nothing', async () => {
    const { window, families } = await switchCheck().families({ threadId: THREAD })
    expect(window).toEqual({ checked: 2, total: 2 })
    expect(families.map((row) => row.family)).toEqual([
      'openai-chat',
      'openai-responses',
      'anthropic',
      'cerebras',
      'groq',
      'deepseek',
      'xai',
      'google',
      'mistral',
      'bedrock',
    ])
    const mistral = families.find((row) => row.family === 'mistral')
    expect(mistral).toMatchObject({ sdkPackage: '@ai-sdk/mistral', modelId: 'mistral-large-latest', asIs: { accepted: false, status: 400 } })
    expect(mistral?.asIs.errorBody).toContain(`Tool call id was ${OPENAI_CALL_ID} but must be a-z, A-Z, 0-9, with a length of 9.`)
    expect(mistral?.rules.map((rule) => rule.name)).toContain('profile-tool-call-id-format')
    // the no-silent-drop check of the compiled prompt: Mistral's id rewrite keeps every text and the call with its result
    expect(families.map((row) => row.compiledContent)).toEqual(families.map(() => ({ dropped: [], transformed: [] })))
    const openaiChat = families.find((row) => row.family === 'openai-chat')
    expect(openaiChat).toMatchObject({ asIs: { accepted: true, status: 200, errorBody: null, reply: 'Continued on openai-chat.' }, rules: [] })
  }, 60_000)

  it('runs the compiled continuation on one family: accepted where the stored history was refused', async () => {
    const run = await switchCheck().run({ threadId: THREAD, family: 'mistral' })
    expect(run).toMatchObject({ family: 'mistral', compiled: { accepted: true, status: 200, errorBody: null, reply: 'Continued on mistral.' } })
    expect(run.rulesFired).toContain('profile-tool-call-id-format')
    // what reached the loopback server still holds every stored text and the call with its result
    expect(run.droppedOnWire).toEqual([])
  }, 60_000)

  it("opens one family's diff: the prompt before and after, with the rule that changed it", async () => {
    const diff = await switchCheck().diff({ threadId: THREAD, family: 'mistral' })
    expect(diff.promptChanged).toBe(true)
    expect(diff.rules.find((rule) => rule.name === 'profile-tool-call-id-format')).toMatchObject({ status: 'changed', fired: true })
    expect(JSON.stringify(diff.inputPrompt)).toContain(OPENAI_CALL_ID)
    expect(JSON.stringify(diff.finalPrompt)).not.toContain(OPENAI_CALL_ID)
  }, 60_000)

  it('checks only the newest messages of a long thread and says how many of how many', async () => {
    const { window, families } = await switchCheck().families({ threadId: LONG_THREAD, limit: 200 })
    expect(window).toEqual({ checked: 200, total: 250 })
    expect(families.every((row) => row.asIs.accepted)).toBe(true)
  }, 60_000)

  it('answers BAD_REQUEST for an unknown family or a window over the limit, NOT_FOUND for a missing thread', async () => {
    await expect(switchCheck().run({ threadId: THREAD, family: 'nosuch' })).rejects.toSatisfy(codeOf('BAD_REQUEST'))
    await expect(switchCheck().families({ threadId: THREAD, limit: 201 })).rejects.toSatisfy(codeOf('BAD_REQUEST'))
    await expect(switchCheck().families({ threadId: 'no-such-thread' })).rejects.toSatisfy(codeOf('NOT_FOUND'))
  }, 60_000)
})
