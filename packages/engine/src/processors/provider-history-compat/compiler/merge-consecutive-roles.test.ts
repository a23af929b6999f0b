import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../test-fixtures.ts'
import { mergeConsecutiveRoles } from './merge-consecutive-roles.ts'
import { assistantText, call, calls, result, results, user } from './test-prompts.ts'

const prompt = deepFreeze([user('a'), user('b'), assistantText('c'), calls(call('x')), results(result('x')), user('d')])

describe('merge-consecutive-roles', () => {
  it('Bedrock: consecutive messages of one role become one, every part in order', () => {
    expect(mergeConsecutiveRoles.applyToPrompt?.({ prompt, model: 'amazon-bedrock/anthropic.claude' })).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'c' }, call('x')] },
      results(result('x')),
      user('d'),
    ])
  })

  it('does nothing for families that take consecutive roles', () => {
    expect(mergeConsecutiveRoles.applyToPrompt?.({ prompt, model: 'openai/gpt-5' })).toBeUndefined()
  })
})
