import { APICallError } from '@ai-sdk/provider'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { matchReactiveRules, runReactiveFixes } from './reactive-rules.ts'
import { storedMessage } from './test-fixtures.ts'
import type { CompatRule, ReactiveRuleOutcome } from './types.ts'

afterEach(() => vi.restoreAllMocks())

const rule = (name: string, patterns: RegExp[], fix: NonNullable<CompatRule['fix']>): CompatRule => ({ name, errorPatterns: patterns, fix })

describe('matchReactiveRules', () => {
  const rules: CompatRule[] = [
    rule('alpha', [/alpha failure/], () => true),
    { name: 'proactive', applyToPrompt: () => undefined },
    rule('beta', [/nothing/, /beta \d+/], () => true),
  ]

  it('matches the message, the response body and the cause chain, in rule order', () => {
    expect(matchReactiveRules(rules, new Error('an alpha failure'))).toMatchObject([{ rule: { name: 'alpha' }, text: 'an alpha failure' }])
    const wrapped = new Error('outer', {
      cause: new APICallError({ message: 'Bad Request', url: 'u', requestBodyValues: {}, responseBody: '{"m":"beta 42 and alpha failure"}' }),
    })
    const matches = matchReactiveRules(rules, wrapped)
    expect(matches.map((m) => [m.rule.name, m.pattern.source])).toEqual([
      ['alpha', 'alpha failure'],
      ['beta', 'beta \\d+'],
    ])
    expect(matches[1]!.text).toBe('{"m":"beta 42 and alpha failure"}')
  })

  it('matches nothing for unrelated errors and non-errors', () => {
    expect(matchReactiveRules(rules, new Error('socket hang up'))).toEqual([])
    expect(matchReactiveRules(rules, undefined)).toEqual([])
    expect(matchReactiveRules(rules, 42)).toEqual([])
  })

  it('matches with global patterns every time (no lastIndex state)', () => {
    const globalRule = rule('global', [/oops/g], () => true)
    for (let i = 0; i < 3; i++) expect(matchReactiveRules([globalRule], new Error('oops oops'))).toHaveLength(1)
  })
  it('skips a rule whose pattern throws (e.g. a sandboxed pattern over its time limit) and keeps matching the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const throwing = {
      source: 'x',
      flags: '',
      [Symbol.search]: () => {
        throw new Error('time limit')
      },
    } as unknown as RegExp
    const matches = matchReactiveRules([rule('slow', [throwing], () => true), rule('alpha', [/alpha failure/], () => true)], new Error('an alpha failure'))
    expect(matches.map((m) => m.rule.name)).toEqual(['alpha'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"slow" threw in errorPatterns'), expect.any(Error))
  })
})

describe('runReactiveFixes', () => {
  it('stops at the first fix that changes the messages', () => {
    const calls: string[] = []
    const messages = [storedMessage('m1', 'user', [{ type: 'text', text: 'hi' }])]
    const rules = [
      rule('declines', [/E1/], (m) => (calls.push(`declines:${m.length}`), false)),
      rule('fixes', [/E1/], () => (calls.push('fixes'), true)),
      rule('never', [/E1/], () => (calls.push('never'), true)),
      rule('other', [/E2/], () => (calls.push('other'), true)),
    ]
    const outcomes: ReactiveRuleOutcome[] = []
    const fixed = runReactiveFixes(matchReactiveRules(rules, new Error('E1')), messages, (o) => outcomes.push(o))
    expect(fixed?.rule.name).toBe('fixes')
    expect(calls).toEqual(['declines:1', 'fixes'])
    expect(outcomes.map((o) => [o.match.rule.name, o.status])).toEqual([
      ['declines', 'unchanged'],
      ['fixes', 'fixed'],
    ])
  })

  it('logs and skips a fix that throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const rules = [
      rule('throws', [/E/], () => {
        throw new Error('fix failed')
      }),
      rule('works', [/E/], () => true),
    ]
    expect(runReactiveFixes(matchReactiveRules(rules, new Error('E')), [])?.rule.name).toBe('works')
    expect(warn).toHaveBeenCalledOnce()
    expect(String(warn.mock.calls[0]![0])).toContain('"throws"')
  })

  it('returns undefined when nothing matched or no fix applied', () => {
    expect(runReactiveFixes(matchReactiveRules([rule('a', [/E/], () => false)], new Error('E')), [])).toBeUndefined()
    expect(runReactiveFixes(matchReactiveRules([rule('a', [/E/], () => true)], new Error('other')), [])).toBeUndefined()
  })
})
