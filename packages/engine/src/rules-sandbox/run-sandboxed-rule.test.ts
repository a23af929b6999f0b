import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../errors/index.ts'
import { storedMessage, toolPart } from '../processors/provider-history-compat/test-fixtures.ts'
import { CUSTOM_RULE_TEMPLATE } from './custom-rule-template.ts'
import { runSandboxedFix, runSandboxedRule } from './run-sandboxed-rule.ts'

const prompt = [
  { role: 'system', content: 'be brief' },
  { role: 'assistant', content: [{ type: 'text', text: 'hello', providerOptions: { example: { tag: 1 } } }] },
]

describe('runSandboxedRule (playground)', () => {
  it('returns the rewritten prompt with the logs and the time taken', async () => {
    const outcome = await runSandboxedRule({
      source: `console.log('loading')
        export default { name: 'drop-system', applyToPrompt({ prompt, model }) {
          console.warn('model', model, { count: prompt.length })
          return prompt.filter((m) => m.role !== 'system')
        } }`,
      prompt,
      model: 'example-provider/model',
    })
    expect(outcome).toEqual({
      ok: true,
      result: [prompt[1]],
      logs: [
        { level: 'log', message: 'loading' },
        { level: 'warn', message: 'model example-provider/model {"count":2}' },
      ],
      durationMs: expect.any(Number),
    })
  })

  it('reports a failing rule as { ok: false } with its kind, message and the logs so far', async () => {
    const outcome = await runSandboxedRule({
      source: "export default { name: 'spin', applyToPrompt() { console.log('before'); while (true) {} } }",
      prompt,
      model: 'x/y',
      limits: { timeoutMs: 20 },
    })
    expect(outcome).toEqual({
      ok: false,
      error: { kind: 'timeout', message: 'did not finish within the 20 ms time limit' },
      logs: [{ level: 'log', message: 'before' }],
      durationMs: expect.any(Number),
    })
  })

  it('reports a syntax error as { ok: false, kind: syntax }', async () => {
    const outcome = await runSandboxedRule({ source: 'export default {', prompt, model: 'x/y' })
    expect(!outcome.ok && outcome.error.kind).toBe('syntax')
  })

  it('caps the logs of a chatty rule', async () => {
    const outcome = await runSandboxedRule({
      source: `export default { name: 'chatty', applyToPrompt() { for (let i = 0; i < 300; i++) console.log('x'.repeat(5000)) } }`,
      prompt,
      model: 'x/y',
      // generous: this is about the cap, not the speed of a shared test machine
      limits: { timeoutMs: 5000 },
    })
    expect(outcome.ok).toBe(true)
    expect(outcome.logs).toHaveLength(101)
    expect(outcome.logs[0]?.message).toMatch(/^x{2000}… \(5000 characters\)$/)
    expect(outcome.logs.at(-1)?.message).toMatch(/more than 100 log lines/)
  })

  it('runs the editor template as it is (a no-op rule)', async () => {
    const outcome = await runSandboxedRule({ source: CUSTOM_RULE_TEMPLATE, prompt, model: 'example-provider/model' })
    expect(outcome).toMatchObject({ ok: true, result: undefined })
  })

  it('throws InvalidInputError for a prompt or model that is not one', async () => {
    const source = CUSTOM_RULE_TEMPLATE
    await expect(runSandboxedRule({ source, prompt: [{ role: 'wizard' }], model: 'x/y' })).rejects.toBeInstanceOf(InvalidInputError)
    await expect(runSandboxedRule({ source, prompt: 'hi', model: 'x/y' })).rejects.toThrow(/Invalid "prompt"/)
    await expect(runSandboxedRule({ source, prompt, model: 42 })).rejects.toThrow(/Invalid "model"/)
  })
})

describe('runSandboxedFix (playground)', () => {
  const messages = [storedMessage('m1', 'user', [{ type: 'text', text: 'hi' }]), storedMessage('m2', 'assistant', [toolPart('call:1')])]
  // the UI sends JSON: dates as ISO strings
  const asJson = JSON.parse(JSON.stringify(messages)) as unknown

  it('returns whether the fix changed the messages, and the repaired copy (Dates restored)', async () => {
    const outcome = await runSandboxedFix({
      source: `export default { name: 'rename', errorPatterns: ['tool_use'], fix(messages) {
        messages[1].content.parts[0].toolInvocation.toolCallId = 'call_1'
        return true
      } }`,
      messages: asJson,
    })
    if (!outcome.ok) throw new Error(outcome.error.message)
    expect(outcome.result.changed).toBe(true)
    expect(outcome.result.messages[0]?.createdAt).toEqual(messages[0]?.createdAt)
    const part = outcome.result.messages[1]?.content.parts[0]
    expect(part?.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('call_1')
  })

  it('returns the messages unchanged when the fix returns false', async () => {
    const outcome = await runSandboxedFix({
      source: "export default { name: 'noop', errorPatterns: ['x'], fix(messages) { messages.length = 0; return false } }",
      messages: asJson,
    })
    expect(outcome).toMatchObject({ ok: true, result: { changed: false, messages } })
  })

  it('reports a fix that breaks the messages as invalid-result', async () => {
    const outcome = await runSandboxedFix({
      source: "export default { name: 'breaks', errorPatterns: ['x'], fix(messages) { messages[0].content = null; return true } }",
      messages: asJson,
    })
    expect(!outcome.ok && outcome.error).toEqual({
      kind: 'invalid-result',
      message: expect.stringMatching(/fix returned true but left invalid messages; at \[0\]\.content/),
    })
  })

  it('throws InvalidInputError for messages that are not stored messages', async () => {
    await expect(runSandboxedFix({ source: CUSTOM_RULE_TEMPLATE, messages: [{ id: 'm1' }] })).rejects.toThrow(/Invalid "messages\[0\]\.threadId"/)
  })
})
