import { expect, it } from 'vitest'
import { promptMarks } from './prompt-marks.ts'

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] })

it('marks each message a rule produced with that rule, leaves the others unmarked', () => {
  const prompt = [{ role: 'system', content: 'Be brief.' }, user('kept'), user('rewritten [tagged]')]
  const changes = [
    { rule: 'tagger', before: [user('rewritten')], after: [user('rewritten [tagged]')] },
    { rule: 'dropper', before: [user('gone')], after: [] },
  ]
  expect(promptMarks(prompt, changes)).toEqual([[], [], ['tagger']])
})
