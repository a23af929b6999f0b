// 10,000-message prompts for the compiler benchmark (issue 29, item 7): one
// every target already accepts (no rule applies) and one stored by other
// providers (rules fire: foreign tool-call IDs and reasoning, a tool name
// with a dot, consecutive user turns, unsigned calls, an orphan call).
import type { LanguageModelPrompt } from '@threadline/engine'

type PromptMessage = LanguageModelPrompt[number]

const digits = (n: number) => n.toString(36).padStart(5, '0')

/** user, assistant call (signed, as Gemini 3 returns it), tool result, assistant answer: four messages per turn, paired and alternating. */
export function acceptedEverywhere(size: number): LanguageModelPrompt {
  const prompt: PromptMessage[] = []
  for (let turn = 0; prompt.length < size; turn++) {
    const id = `tc${digits(turn)}ab`.slice(0, 9)
    prompt.push({ role: 'user', content: [{ type: 'text', text: `question ${turn}` }] })
    prompt.push({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: id, toolName: 'get_weather', input: { turn }, providerOptions: { google: { thoughtSignature: 'sig' } } }],
    })
    prompt.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: 'get_weather', output: { type: 'json', value: { c: 21 } } }] })
    prompt.push({ role: 'assistant', content: [{ type: 'text', text: `answer ${turn}` }] })
  }
  return prompt.slice(0, size)
}

/** The same turns as another provider stored them, with a cancelled turn at the end. */
export function storedElsewhere(size: number): LanguageModelPrompt {
  const prompt: PromptMessage[] = []
  for (let turn = 0; prompt.length < size - 3; turn++) {
    const id = `call_${digits(turn)}Xy.z${turn % 7}`
    const name = turn % 10 === 0 ? 'weather.lookup' : 'get_weather'
    prompt.push({ role: 'user', content: [{ type: 'text', text: `question ${turn}` }] })
    if (turn % 25 === 0) prompt.push({ role: 'user', content: [{ type: 'text', text: 'and one more thing' }] })
    prompt.push({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'OpenAI reasoning', providerOptions: { openai: { itemId: `rs_${turn}` } } },
        { type: 'reasoning', text: 'Anthropic thinking', providerOptions: { anthropic: { signature: `sig${turn}` } } },
        { type: 'tool-call', toolCallId: id, toolName: name, input: { turn } },
      ],
    })
    prompt.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: name, output: { type: 'json', value: { c: 21 } } }] })
    prompt.push({ role: 'assistant', content: [{ type: 'text', text: `answer ${turn}` }] })
  }
  prompt.push({ role: 'user', content: [{ type: 'text', text: 'weather again?' }] })
  prompt.push({ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_cancelled', toolName: 'get_weather', input: {} }] })
  prompt.push({ role: 'user', content: [{ type: 'text', text: 'never mind' }] })
  return prompt
}
