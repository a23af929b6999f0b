import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LanguageModelPrompt } from '../types.ts'
import { ToolPairingBrokenError } from './compiler/tool-pairing-error.ts'
import { call, calls, result, results, user } from './compiler/test-prompts.ts'
import { runProactiveRules } from './run-proactive-rules.ts'
import { deepFreeze, mixedPrompt } from './test-fixtures.ts'
import type { CompatRule, ProactiveRuleOutcome } from './types.ts'

const appendUser = (name: string, text: string): CompatRule => ({
  name,
  applyToPrompt: ({ prompt }) => [...prompt, { role: 'user', content: [{ type: 'text', text }] }],
})

afterEach(() => vi.restoreAllMocks())

describe('runProactiveRules', () => {
  it('returns the same prompt when no rule changes it', () => {
    const prompt = deepFreeze(mixedPrompt())
    const rules: CompatRule[] = [
      { name: 'noop', applyToPrompt: () => undefined },
      { name: 'identity', applyToPrompt: ({ prompt: p }) => p },
      { name: 'reactive', errorPatterns: [/x/], fix: () => true },
    ]
    expect(runProactiveRules(rules, { prompt, model: 'anthropic/claude' })).toBe(prompt)
  })

  it("hands each rule the caller's args while the prompt is unchanged, new args with the rewritten prompt after a change", () => {
    const prompt = deepFreeze(mixedPrompt())
    const args = { prompt, model: 'm/x' }
    const seen: unknown[] = []
    const spy: CompatRule = { name: 'spy', applyToPrompt: (received) => void seen.push(received) }
    runProactiveRules([spy, appendUser('one', '1'), spy], args)
    expect(seen[0]).toBe(args)
    expect(seen[1]).not.toBe(args)
    expect(seen[1]).toMatchObject({ model: 'm/x', prompt: [...prompt, { role: 'user' }] })
  })

  it('chains rules in order, each seeing the previous output, and passes the model', () => {
    const prompt = deepFreeze(mixedPrompt())
    const seen: { model: unknown; length: number }[] = []
    const spy: CompatRule = {
      name: 'spy',
      applyToPrompt: ({ prompt: p, model }) => {
        seen.push({ model, length: p.length })
        return undefined
      },
    }
    const result = runProactiveRules([appendUser('one', '1'), spy, appendUser('two', '2'), spy], { prompt, model: 'm/x' })
    expect(result.slice(prompt.length).map((m) => (m.content as { text: string }[])[0]!.text)).toEqual(['1', '2'])
    expect(seen).toEqual([
      { model: 'm/x', length: prompt.length + 1 },
      { model: 'm/x', length: prompt.length + 2 },
    ])
  })

  it('logs and skips a rule that throws or returns a non-array, and goes on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const prompt = deepFreeze(mixedPrompt())
    const rules: CompatRule[] = [
      {
        name: 'broken',
        applyToPrompt: () => {
          throw new Error('boom')
        },
      },
      { name: 'bad-return', applyToPrompt: () => 'nope' as unknown as LanguageModelPrompt },
      appendUser('after', 'still runs'),
    ]
    const outcomes: ProactiveRuleOutcome[] = []
    const result = runProactiveRules(rules, { prompt, model: 'm/x' }, (o) => outcomes.push(o))
    expect(result).toHaveLength(prompt.length + 1)
    expect(outcomes.map((o) => [o.rule.name, o.status])).toEqual([
      ['broken', 'failed'],
      ['bad-return', 'failed'],
      ['after', 'changed'],
    ])
    expect(warn).toHaveBeenCalledTimes(2)
    expect(String(warn.mock.calls[0]![0])).toContain('"broken"')
    expect(String(warn.mock.calls[1]![0])).toContain('"bad-return"')
  })

  it('reports each rule outcome with the prompts before and after', () => {
    const prompt = deepFreeze(mixedPrompt())
    const outcomes: ProactiveRuleOutcome[] = []
    const result = runProactiveRules(
      [{ name: 'reactive', errorPatterns: [/x/], fix: () => true }, { name: 'noop', applyToPrompt: () => undefined }, appendUser('add', 'x')],
      { prompt, model: 'm/x' },
      (o) => outcomes.push(o),
    )
    expect(outcomes[0]).toMatchObject({ status: 'not-proactive' })
    expect(outcomes[1]).toMatchObject({ status: 'unchanged', prompt })
    expect(outcomes[2]).toMatchObject({ status: 'changed', before: prompt, prompt: result })
  })

  describe('the pairing check', () => {
    const paired = deepFreeze<LanguageModelPrompt>([user('q'), calls(call('a')), results(result('a')), user('next')])
    const dropResults: CompatRule = { name: 'drop-tool-results', applyToPrompt: ({ prompt }) => prompt.filter((message) => message.role !== 'tool') }
    const dropCalls: CompatRule = { name: 'drop-tool-calls', applyToPrompt: ({ prompt }) => prompt.filter((message) => message.role !== 'assistant') }

    it('refuses a rule whose output leaves a call without its result or a result without its call, naming the rule', () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      for (const rule of [dropResults, dropCalls]) {
        const outcomes: ProactiveRuleOutcome[] = []
        expect(runProactiveRules([rule], { prompt: paired, model: 'openai/gpt-5' }, (outcome) => outcomes.push(outcome))).toBe(paired)
        const [outcome] = outcomes
        expect(outcome?.status).toBe('failed')
        const error = outcome?.status === 'failed' ? outcome.error : undefined
        expect(error).toBeInstanceOf(ToolPairingBrokenError)
        expect(error).toMatchObject({ ruleName: rule.name, code: 'INVALID_INPUT' })
        expect(String(error)).toContain(`rule "${rule.name}" broke tool call/result pairing`)
      }
    })

    it('lets a rule change an unpaired prompt (pairing is only refused where it held), and the next rule is checked again', () => {
      const unpaired = deepFreeze<LanguageModelPrompt>([user('q'), calls(call('a')), user('next')])
      const pairIt: CompatRule = { name: 'pair-it', applyToPrompt: ({ prompt }) => [...prompt.slice(0, 2), results(result('a')), ...prompt.slice(2)] }
      const outcomes: ProactiveRuleOutcome[] = []
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const next = runProactiveRules([appendUser('append', 'x'), pairIt, dropResults], { prompt: unpaired, model: 'm' }, (outcome) => outcomes.push(outcome))
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['changed', 'changed', 'failed'])
      expect(next.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user', 'user'])
    })
  })
})
