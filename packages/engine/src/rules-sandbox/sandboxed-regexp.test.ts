import { beforeAll, describe, expect, it } from 'vitest'
import { prepareSandbox } from './sandbox-engine.ts'
import { SandboxedRegExp } from './sandboxed-regexp.ts'
import { SandboxedRuleError } from './sandboxed-rule-error.ts'

beforeAll(() => prepareSandbox())

/** What an exec result holds: the matched groups, index, input and named groups. */
const execShape = (match: RegExpExecArray | null) =>
  match === null ? null : { all: [...match], index: match.index, input: match.input, groups: match.groups, indices: match.indices }

const BODY = "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$' (id call.1 and call.2)"

describe('SandboxedRegExp', () => {
  const patterns: [string, string][] = [
    ['tool_use\\.id', ''],
    ['TOOL_USE', 'i'],
    ['call\\.(?<n>\\d)', 'g'],
    ['call\\.(\\d)|(nothing)', ''],
    ['^messages', 'y'],
    ['absent', ''],
  ]

  it.each(patterns)('matches /%s/%s like a native RegExp (exec, test, search, match, replace)', (source, flags) => {
    const sandboxed = new SandboxedRegExp(source, flags)
    const native = new RegExp(source, flags)
    expect(sandboxed.source).toBe(native.source)
    expect(sandboxed.flags).toBe(native.flags)
    expect(BODY.search(sandboxed)).toBe(BODY.search(native))
    expect(BODY.match(sandboxed)).toEqual(BODY.match(native))
    expect(BODY.replace(sandboxed, '<$&>')).toBe(BODY.replace(native, '<$&>'))
    for (let step = 0; step < 4; step++) {
      const [fromSandbox, fromHost] = [sandboxed.exec(BODY), native.exec(BODY)]
      expect(execShape(fromSandbox)).toEqual(execShape(fromHost))
      expect(sandboxed.lastIndex).toBe(native.lastIndex)
    }
    expect(sandboxed.test(BODY)).toBe(native.test(BODY))
  })

  it('stops a catastrophically backtracking pattern at the time limit instead of freezing the host', () => {
    const redos = new SandboxedRegExp('(a+)+$', '', {
      ruleName: 'slow-pattern',
      limits: { timeoutMs: 50, memoryLimitBytes: 8 << 20, maxStackSizeBytes: 64 << 10 },
    })
    const started = performance.now()
    let failure: unknown
    try {
      redos.test(`${'a'.repeat(40)}!`)
    } catch (error) {
      failure = error
    }
    expect(performance.now() - started).toBeLessThan(1000)
    expect(SandboxedRuleError.isInstance(failure) && failure.kind).toBe('timeout')
    expect(SandboxedRuleError.isInstance(failure) && failure.ruleName).toBe('slow-pattern')
    expect(new SandboxedRegExp('a+$').test('aaa')).toBe(true)
  })

  it('keeps its rule name and limits when copied (e.g. by String.prototype.split)', () => {
    const pattern = new SandboxedRegExp(',', '', { ruleName: 'copied' })
    const copy = new SandboxedRegExp(pattern)
    expect(copy.ruleName).toBe('copied')
    expect('a,b,c'.split(pattern)).toEqual(['a', 'b', 'c'])
  })
})
