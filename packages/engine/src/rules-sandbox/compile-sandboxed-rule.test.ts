import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../errors/index.ts'
import type { StoredMessage } from '../messages/types.ts'
import { storedMessage, toolPart, toolResult } from '../processors/provider-history-compat/test-fixtures.ts'
import type { LanguageModelPrompt } from '../processors/types.ts'
import { compileSandboxedRule, type SandboxedRuleOptions } from './compile-sandboxed-rule.ts'
import { prepareSandbox, sandboxStatus } from './sandbox-engine.ts'
import { SandboxedRuleError, type SandboxedRuleErrorKind } from './sandboxed-rule-error.ts'

const prompt: LanguageModelPrompt = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: [{ type: 'text', text: 'hi' }] },
]

const UPPERCASE_SYSTEM_RULE = `export default {
  name: 'uppercase-system',
  applyToPrompt({ prompt }) {
    return prompt.map((message) => message.role === 'system' ? { ...message, content: message.content.toUpperCase() } : message)
  },
}`

/** A proactive rule whose applyToPrompt body is `body`. */
const proactive = (body: string) => `export default { name: 'probe', applyToPrompt({ prompt, model }) { ${body} } }`

async function expectGoodRuleStillWorks(): Promise<void> {
  const rule = await compileSandboxedRule(UPPERCASE_SYSTEM_RULE)
  expect(rule.applyToPrompt?.({ prompt, model: 'openai/gpt-4o' })).toEqual([
    { role: 'system', content: 'BE BRIEF' },
    { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  ])
}

/**
 * A rule that crashes the WebAssembly module: JSON.stringify of 100 000 nested
 * arrays overflows the host's native stack. Building the arrays alone takes
 * about 100 ms on a quiet machine and several times that under load, as long as
 * the default time limit: compiled with it, the rule is often stopped as a
 * `timeout` before it can crash. So it runs with the largest time limit; these
 * tests are about crashes (the limit has tests of its own).
 */
const CRASHING_RULE = proactive('let a = []; for (let i = 0; i < 100000; i++) a = [a]; return JSON.stringify(a)')
const CRASH_OPTIONS = { limits: { timeoutMs: 10_000 } }

/** The SandboxedRuleError that compiling `source` and running its applyToPrompt ends with. */
async function failureOf(source: string, options?: SandboxedRuleOptions): Promise<SandboxedRuleError> {
  try {
    const rule = await compileSandboxedRule(source, options)
    rule.applyToPrompt?.({ prompt, model: 'openai/gpt-4o' })
  } catch (error) {
    if (SandboxedRuleError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected the rule to fail')
}

describe('compileSandboxedRule: isolation and limits', () => {
  const cases: { what: string; source: string; kind: SandboxedRuleErrorKind; message: RegExp }[] = [
    { what: 'reading process.env', source: proactive('return process.env.HOME'), kind: 'runtime', message: /ReferenceError: 'process' is not defined/ },
    { what: "require('fs')", source: proactive("return require('fs')"), kind: 'runtime', message: /ReferenceError: 'require' is not defined/ },
    { what: 'importing fs', source: `import fs from 'fs'\n${proactive('return undefined')}`, kind: 'runtime', message: /could not load module 'fs'/ },
    { what: 'fetch', source: proactive("return fetch('http://127.0.0.1/')"), kind: 'runtime', message: /'fetch' is not defined/ },
    { what: 'an endless loop', source: proactive('while (true) {}'), kind: 'timeout', message: /100 ms time limit/ },
    { what: 'an endless loop at the top level', source: `while (true) {}\n${proactive('')}`, kind: 'timeout', message: /time limit/ },
    { what: 'allocating 1 GB in an array', source: proactive('return new Array(1e9).fill(1)'), kind: 'memory', message: /32 MB memory limit/ },
    { what: 'doubling a string forever', source: proactive("let s = 'x'; for (;;) s += s"), kind: 'memory', message: /memory limit/ },
    { what: 'a 1 GB typed array', source: proactive('return new Uint8Array(1e9)'), kind: 'memory', message: /out of memory/ },
    { what: 'returning 42', source: proactive('return 42'), kind: 'invalid-result', message: /must return a prompt.*must be an array/ },
    { what: 'returning { foo: 1 }', source: proactive('return { foo: 1 }'), kind: 'invalid-result', message: /must return a prompt/ },
    { what: "returning [{ role: 'wizard' }]", source: proactive("return [{ role: 'wizard' }]"), kind: 'invalid-result', message: /at \[0\]\.role/ },
    { what: 'returning a Promise', source: proactive('return Promise.resolve(prompt)'), kind: 'invalid-result', message: /synchronously/ },
    { what: 'returning a cyclic value', source: proactive('const a = []; a.push(a); return a'), kind: 'invalid-result', message: /not JSON/ },
    {
      what: 'a syntax error',
      source: 'export default { name: "broken", applyToPrompt() { return [ } }',
      kind: 'syntax',
      message: /SyntaxError: .*line 1, column/,
    },
    { what: 'throwing', source: proactive("throw new TypeError('no thanks')"), kind: 'runtime', message: /TypeError: no thanks \(line 1, column \d+\)/ },
    { what: 'throwing a non-error', source: proactive("throw 'boom'"), kind: 'runtime', message: /boom/ },
    { what: 'endless recursion', source: proactive('const f = () => f() + 1; return f()'), kind: 'runtime', message: /stack overflow/ },
  ]

  it.each(cases)('$what fails as $kind, and the next rule runs normally', async ({ source, kind, message }) => {
    const started = performance.now()
    const error = await failureOf(source)
    // a bound, not a speed target: unchecked, each of these runs for minutes or forever (10 s leaves room for a loaded CI machine)
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(error.kind).toBe(kind)
    expect(error.reason).toMatch(message)
    expect(error.code).toBe('SANDBOXED_RULE_FAILED')
    expect(error.message).toContain(`(${kind})`)
    await expectGoodRuleStillWorks()
  })

  it('names the rule in the error', async () => {
    const error = await failureOf(proactive('return 42'))
    expect(error.ruleName).toBe('probe')
    expect(error.message).toMatch(/^Custom rule "probe" failed \(invalid-result\)/)
  })

  it('stops an endless loop close to the configured time limit', async () => {
    const rule = await compileSandboxedRule(proactive('while (true) {}'), { limits: { timeoutMs: 30 } })
    const started = performance.now()
    expect(() => rule.applyToPrompt?.({ prompt, model: 'x/y' })).toThrow(/30 ms time limit/)
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('has no host globals: no process, require, fetch, WebAssembly, std/os modules', async () => {
    const rule = await compileSandboxedRule(
      proactive(`return [{ role: 'system', content: [typeof process, typeof require, typeof fetch, typeof WebAssembly,
        typeof std, typeof os, typeof setTimeout, typeof module, typeof globalThis.Buffer].join(',') }]`),
    )
    expect(rule.applyToPrompt?.({ prompt, model: 'x/y' })).toEqual([{ role: 'system', content: Array(9).fill('undefined').join(',') }])
  })

  it('survives a rule that crashes the WebAssembly module (native stack overflow) by switching to a fresh one', async () => {
    const before = sandboxStatus().modulesRetired
    const error = await failureOf(CRASHING_RULE, CRASH_OPTIONS)
    expect(error.kind).toBe('runtime')
    expect(error.reason).toMatch(/nested too deeply.*sandbox was reset/)
    expect(sandboxStatus().modulesRetired).toBe(before + 1)
    await expectGoodRuleStillWorks()
  })

  it('reports "unavailable" after two crashes in a row until the fresh modules are loaded, then recovers', async () => {
    const crashing = await compileSandboxedRule(CRASHING_RULE, CRASH_OPTIONS)
    const good = await compileSandboxedRule(UPPERCASE_SYSTEM_RULE)
    const kindOf = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        return SandboxedRuleError.isInstance(error) ? error.kind : error
      }
      return 'ok'
    }
    // no await in between: the spare cannot have been replaced yet
    expect(kindOf(() => crashing.applyToPrompt?.({ prompt, model: 'x/y' }))).toBe('runtime')
    expect(kindOf(() => crashing.applyToPrompt?.({ prompt, model: 'x/y' }))).toBe('runtime')
    expect(kindOf(() => good.applyToPrompt?.({ prompt, model: 'x/y' }))).toBe('unavailable')
    await prepareSandbox()
    expect(kindOf(() => good.applyToPrompt?.({ prompt, model: 'x/y' }))).toBe('ok')
  })

  it('refuses results nested too deeply for the host', async () => {
    const error = await failureOf(
      proactive("let v = 1; for (let i = 0; i < 200; i++) v = { v }; return [{ role: 'system', content: 'x', providerOptions: { deep: v } }]"),
    )
    expect(error.kind).toBe('invalid-result')
    expect(error.reason).toMatch(/deeper than 64 levels/)
  })
})

describe('compileSandboxedRule: no state between calls', () => {
  it('starts every call from a fresh realm: globals and prototype changes do not carry over', async () => {
    const rule = await compileSandboxedRule(
      proactive(`
        const seen = [String(globalThis.counter), String(Object.prototype.polluted), String(typeof topLevelState)]
        globalThis.counter = (globalThis.counter ?? 0) + 1
        Object.prototype.polluted = 'yes'
        return [{ role: 'system', content: seen.join(',') }]`),
    )
    for (let call = 0; call < 3; call++) {
      expect(rule.applyToPrompt?.({ prompt, model: 'x/y' })).toEqual([{ role: 'system', content: 'undefined,undefined,undefined' }])
    }
  })

  it('re-evaluates the module each call, so module-level state starts over too', async () => {
    const rule = await compileSandboxedRule(`
      let calls = 0
      export default { name: 'counter', applyToPrompt() { calls += 1; return [{ role: 'system', content: String(calls) }] } }`)
    expect(rule.applyToPrompt?.({ prompt, model: 'x/y' })).toEqual([{ role: 'system', content: '1' }])
    expect(rule.applyToPrompt?.({ prompt, model: 'x/y' })).toEqual([{ role: 'system', content: '1' }])
  })
})

describe('compileSandboxedRule: the rule definition', () => {
  it('reads name, hooks and error patterns (strings and RegExp literals) from the default export', async () => {
    const rule = await compileSandboxedRule(`export default {
      name: 'reactive',
      errorPatterns: ['tool_use\\\\.id', /invalid id/i],
      fix(messages) { return false },
    }`)
    expect(rule.name).toBe('reactive')
    expect(rule.applyToPrompt).toBeUndefined()
    expect(rule.fix).toBeTypeOf('function')
    expect(rule.errorPatterns?.map((pattern) => [pattern.source, pattern.flags])).toEqual([
      ['tool_use\\.id', ''],
      ['invalid id', 'i'],
    ])
    expect(rule.errorPatterns?.every((pattern) => pattern instanceof RegExp)).toBe(true)
  })

  it('lets options replace the name and add patterns (deduplicated)', async () => {
    const rule = await compileSandboxedRule("export default { name: 'in-code', errorPatterns: ['a+b'], fix() { return false } }", {
      name: 'saved-name',
      errorPatterns: ['a+b', 'other'],
    })
    expect(rule.name).toBe('saved-name')
    expect(rule.errorPatterns?.map((pattern) => pattern.source)).toEqual(['a+b', 'other'])
  })

  const invalid: { what: string; source: string; options?: { errorPatterns: string[] }; kind: SandboxedRuleErrorKind; message: RegExp }[] = [
    { what: 'no default export', source: "export const rule = { name: 'x', fix() {} }", kind: 'invalid-rule', message: /must `export default/ },
    { what: 'a default export that is not an object', source: 'export default 42', kind: 'invalid-rule', message: /default export is number/ },
    { what: 'a missing name', source: 'export default { applyToPrompt() {} }', kind: 'invalid-rule', message: /`name` is missing/ },
    { what: 'an empty name', source: "export default { name: ' ', applyToPrompt() {} }", kind: 'invalid-rule', message: /at name: must be a non-empty string/ },
    { what: 'no hook', source: "export default { name: 'x' }", kind: 'invalid-rule', message: /needs `applyToPrompt`.*or `fix`/ },
    {
      what: 'a hook that is not a function',
      source: "export default { name: 'x', applyToPrompt: 42 }",
      kind: 'invalid-rule',
      message: /at applyToPrompt: must be a function/,
    },
    {
      what: 'a pattern that is neither string nor RegExp',
      source: "export default { name: 'x', fix() {}, errorPatterns: [/a/, 1] }",
      kind: 'invalid-rule',
      message: /errorPatterns\[1\] must be a string or a RegExp, not number/,
    },
    {
      what: 'errorPatterns that is not an array',
      source: "export default { name: 'x', fix() {}, errorPatterns: 'a' }",
      kind: 'invalid-rule',
      message: /errorPatterns must be an array, not string/,
    },
    {
      what: 'an invalid RegExp source',
      source: "export default { name: 'x', fix() {}, errorPatterns: ['('] }",
      kind: 'invalid-rule',
      message: /errorPatterns\[0\] \/\(\/ is not a valid regular expression/,
    },
    {
      what: 'an empty pattern',
      source: "export default { name: 'x', fix() {}, errorPatterns: [''] }",
      kind: 'invalid-rule',
      message: /must not be empty/,
    },
    {
      what: 'a top-level await that never settles',
      source: "await new Promise(() => {})\nexport default { name: 'x', fix() {} }",
      kind: 'invalid-rule',
      message: /top-level await/,
    },
    {
      what: 'a throw at the top level',
      source: "throw new Error('at load')\nexport default { name: 'x', fix() {} }",
      kind: 'runtime',
      message: /Error: at load/,
    },
  ]

  it.each(invalid)('rejects $what', async ({ source, options, kind, message }) => {
    const error = await compileSandboxedRule(source, options).then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(SandboxedRuleError.isInstance(error)).toBe(true)
    expect((error as SandboxedRuleError).kind).toBe(kind)
    expect((error as SandboxedRuleError).reason).toMatch(message)
  })

  it('rejects bad input with InvalidInputError before touching the sandbox', async () => {
    await expect(compileSandboxedRule('   ')).rejects.toBeInstanceOf(InvalidInputError)
    await expect(compileSandboxedRule(42 as unknown as string)).rejects.toThrow(/Invalid "source"/)
    await expect(compileSandboxedRule(UPPERCASE_SYSTEM_RULE, { limits: { timeoutMs: -1 } })).rejects.toThrow(/options\.limits\.timeoutMs/)
    await expect(compileSandboxedRule(UPPERCASE_SYSTEM_RULE, { limits: { memoryLimitBytes: 2 ** 40 } })).rejects.toBeInstanceOf(InvalidInputError)
    // the option patterns are input (errorPatternSourcesSchema); the code's own are checked when it loads
    await expect(compileSandboxedRule(UPPERCASE_SYSTEM_RULE, { errorPatterns: [''] })).rejects.toThrow(/options\.errorPatterns\[0\].*must not be empty/)
  })
})

describe('compileSandboxedRule: applyToPrompt', () => {
  it('passes the model as a string, or as { provider, modelId } for a resolved model', async () => {
    const rule = await compileSandboxedRule(proactive("return [{ role: 'system', content: JSON.stringify(model) }]"))
    expect(rule.applyToPrompt?.({ prompt, model: 'cerebras/llama' })).toEqual([{ role: 'system', content: '"cerebras/llama"' }])
    const resolved = { provider: 'anthropic.messages', modelId: 'claude', doGenerate: () => undefined }
    expect(rule.applyToPrompt?.({ prompt, model: resolved })).toEqual([{ role: 'system', content: '{"provider":"anthropic.messages","modelId":"claude"}' }])
  })

  it('treats undefined, null and an identical prompt as "no change"', async () => {
    for (const body of ['return undefined', 'return null', 'return prompt', 'return JSON.parse(JSON.stringify(prompt))']) {
      const rule = await compileSandboxedRule(proactive(body))
      expect(rule.applyToPrompt?.({ prompt, model: 'x/y' })).toBeUndefined()
    }
  })

  it('never mutates the host prompt, even when the rule mutates its copy', async () => {
    const rule = await compileSandboxedRule(proactive("prompt[0].content = 'changed'; return prompt"))
    const input = structuredClone(prompt)
    expect(rule.applyToPrompt?.({ prompt: input, model: 'x/y' })).toEqual([
      { role: 'system', content: 'changed' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    ])
    expect(input).toEqual(prompt)
  })

  it('carries file bytes as base64 and URLs as strings, restoring URLs on the way back', async () => {
    const withFiles: LanguageModelPrompt = [
      {
        role: 'user',
        content: [
          { type: 'file', mediaType: 'image/png', data: new Uint8Array([1, 2, 3, 250]) },
          { type: 'file', mediaType: 'image/png', data: new URL('https://example.com/cat.png') },
          { type: 'text', text: 'what is this?' },
        ],
      },
    ]
    const rule = await compileSandboxedRule(
      proactive(`return prompt.map((m) => ({ ...m, content: [...m.content, { type: 'text', text: m.content.map((p) => p.data).join('|') }] }))`),
    )
    const rewritten = rule.applyToPrompt?.({ prompt: withFiles, model: 'x/y' })
    const content = rewritten?.[0]?.content
    if (!Array.isArray(content)) throw new Error('expected user content parts')
    expect(content[3]).toEqual({ type: 'text', text: 'AQID+g==|https://example.com/cat.png|' })
    expect(content[0]).toEqual({ type: 'file', mediaType: 'image/png', data: 'AQID+g==' })
    expect(content[1]).toEqual({ type: 'file', mediaType: 'image/png', data: new URL('https://example.com/cat.png') })
  })

  it('fails clearly when asked to run a hook the rule does not have', async () => {
    const rule = await compileSandboxedRule("export default { name: 'only-fix', errorPatterns: ['x'], fix() { return false } }")
    expect(() => rule.runApplyToPrompt({ prompt, model: 'x/y' })).toThrow(/has no `applyToPrompt`/)
  })
})

describe('compileSandboxedRule: fix', () => {
  const RENAME_TOOL_IDS = `export default {
    name: 'rename-tool-ids',
    errorPatterns: [/tool_use\\.id/],
    fix(messages) {
      let changed = false
      for (const message of messages) {
        for (const part of message.content.parts) {
          if (part.type !== 'tool-invocation') continue
          const id = part.toolInvocation.toolCallId
          const clean = id.replace(/[^a-zA-Z0-9_-]/g, '_')
          if (clean !== id) { part.toolInvocation.toolCallId = clean; changed = true }
        }
      }
      console.log('changed', changed)
      return changed
    },
  }`

  function history(): StoredMessage[] {
    return [
      storedMessage('m1', 'user', [{ type: 'text', text: 'weather?' }]),
      storedMessage('m2', 'assistant', [toolPart('call.1:x')], [toolResult('call.1:x')]),
      storedMessage('m3', 'assistant', [{ type: 'text', text: '21 degrees' }]),
    ]
  }

  it('mutates the host array in place when it returns true, restoring createdAt as a Date', async () => {
    const rule = await compileSandboxedRule(RENAME_TOOL_IDS)
    const messages = history()
    const original = structuredClone(messages)
    const sameArray = messages
    const run = rule.runFix(messages)
    expect(run.value).toBe(true)
    expect(run.logs).toEqual([{ level: 'log', message: 'changed true' }])
    expect(messages).toBe(sameArray)
    expect(messages).toHaveLength(3)
    const part = messages[1]?.content.parts[0]
    expect(part?.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('call_1_x')
    messages.forEach((message, index) => {
      expect(message.createdAt).toBeInstanceOf(Date)
      expect(message.createdAt.getTime()).toBe(original[index]?.createdAt.getTime())
    })
    // only the tool-call id changed
    expect(messages.map((m) => ({ ...m, content: { ...m.content, parts: m.content.parts.filter((p) => p.type !== 'tool-invocation') } }))).toEqual(
      original.map((m) => ({ ...m, content: { ...m.content, parts: m.content.parts.filter((p) => p.type !== 'tool-invocation') } })),
    )
  })

  it('leaves the host array untouched when it returns false', async () => {
    const rule = await compileSandboxedRule(RENAME_TOOL_IDS)
    const messages = history().filter((message) => message.id !== 'm2')
    const objects = [...messages]
    expect(rule.fix?.(messages)).toBe(false)
    expect(messages).toEqual(objects)
    messages.forEach((message, index) => expect(message).toBe(objects[index]))
  })

  const badFixes: { what: string; body: string; message: RegExp }[] = [
    { what: 'returning a non-boolean', body: "messages[0].id = 'changed'; return 1", message: /must return true or false \(it returned number\)/ },
    { what: 'returning true with broken messages', body: "messages[0].role = 'wizard'; return true", message: /left invalid messages; at \[0\]\.role/ },
    { what: 'returning true with an invalid date', body: "messages[0].createdAt = 'yesterday'; return true", message: /at \[0\]\.createdAt/ },
    { what: 'returning a Promise', body: 'return Promise.resolve(true)', message: /synchronously/ },
  ]

  it.each(badFixes)('fails as invalid-result on $what and leaves the host array untouched', async ({ body, message }) => {
    const rule = await compileSandboxedRule(`export default { name: 'bad-fix', errorPatterns: ['x'], fix(messages) { ${body} } }`)
    const messages = history()
    const original = structuredClone(messages)
    expect(() => rule.fix?.(messages)).toThrow(message)
    expect(messages).toEqual(original)
  })
})

describe('onRun: the console output of successful calls', () => {
  it('reports each successful hook call with what it logged; a failing call reports on its error instead', async () => {
    const runs: unknown[] = []
    const rule = await compileSandboxedRule(proactive("console.log('saw', model); return undefined"), { onRun: (run) => runs.push(run) })
    expect(rule.applyToPrompt?.({ prompt, model: 'openai/gpt-4o' })).toBeUndefined()
    expect(runs).toEqual([{ hook: 'applyToPrompt', logs: [{ level: 'log', message: 'saw openai/gpt-4o' }], durationMs: expect.any(Number) as number }])
    const failing = await compileSandboxedRule(proactive("console.log('before'); throw new Error('boom')"), { onRun: (run) => runs.push(run) })
    expect(() => failing.applyToPrompt?.({ prompt, model: 'x' })).toThrow(SandboxedRuleError)
    expect(runs).toHaveLength(1)
  })

  it('refuses an onRun that is not a function, naming it', async () => {
    await expect(compileSandboxedRule(UPPERCASE_SYSTEM_RULE, { onRun: 'log' as unknown as SandboxedRuleOptions['onRun'] })).rejects.toMatchObject({
      field: 'options.onRun',
    })
  })
})
