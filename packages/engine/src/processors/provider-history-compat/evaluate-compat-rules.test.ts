import { describe, expect, it } from 'vitest'
import { builtInCompatRules } from './built-in-rules.ts'
import { evaluateCompatRules } from './evaluate-compat-rules.ts'
import { ProviderHistoryCompat } from './provider-history-compat.ts'
import { deepFreeze, mixedPrompt, storedMessage, toolPart } from './test-fixtures.ts'

const TOOL_ID_ERROR = new Error("messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'")

describe('evaluateCompatRules', () => {
  it('reports each proactive rule and gives the prompt the processor would send', () => {
    const prompt = deepFreeze(mixedPrompt())
    const evaluation = evaluateCompatRules({ prompt, model: 'cerebras/llama' })
    expect(evaluation.proactive.map((o) => [o.rule.name, o.status])).toEqual([
      ['anthropic-tool-id-format', 'not-proactive'],
      ['cerebras-strip-reasoning-content', 'changed'],
      ['anthropic-strip-foreign-reasoning-content', 'unchanged'],
    ])
    expect(evaluation.promptChanged).toBe(true)
    const processed = new ProviderHistoryCompat().processLLMRequest({ prompt, model: 'cerebras/llama', stepNumber: 0, retryCount: 0, state: {} })
    expect(evaluation.prompt).toEqual(processed?.prompt)
    expect(evaluation.reactive).toBeUndefined()
  })

  it('reports nothing changed for a prompt no rule touches', () => {
    const prompt = deepFreeze(mixedPrompt())
    const evaluation = evaluateCompatRules({ prompt, model: 'openai/gpt-4o' })
    expect(evaluation.prompt).toBe(prompt)
    expect(evaluation.promptChanged).toBe(false)
  })

  it('reports the reactive match and the repaired messages without touching the input', () => {
    const messages = deepFreeze([storedMessage('m1', 'assistant', [toolPart('call:1.a')])])
    const evaluation = evaluateCompatRules({ rules: builtInCompatRules, prompt: [], model: 'anthropic/claude', error: TOOL_ID_ERROR, messages })
    expect(evaluation.reactive?.matches.map((m) => [m.rule.name, m.text])).toEqual([['anthropic-tool-id-format', TOOL_ID_ERROR.message]])
    expect(evaluation.reactive?.outcomes.map((o) => o.status)).toEqual(['fixed'])
    expect(evaluation.reactive?.retry).toBe(true)
    const part = evaluation.reactive?.messages[0]?.content.parts[0]
    expect(part?.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('call_1_a')
    const original = messages[0]!.content.parts[0]!
    expect(original.type === 'tool-invocation' && original.toolInvocation.toolCallId).toBe('call:1.a')
  })

  it('reports a match whose fix had nothing to change', () => {
    const messages = [storedMessage('m1', 'assistant', [toolPart('toolu_1')])]
    const evaluation = evaluateCompatRules({ prompt: [], model: 'anthropic/claude', error: TOOL_ID_ERROR, messages })
    expect(evaluation.reactive?.matches).toHaveLength(1)
    expect(evaluation.reactive?.outcomes.map((o) => o.status)).toEqual(['unchanged'])
    expect(evaluation.reactive?.retry).toBe(false)
  })
})
