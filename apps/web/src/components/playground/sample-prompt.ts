/** The prompt the "paste a prompt" editor starts with: a history with replayed reasoning, as a Cerebras call would get it. */
export const SAMPLE_PROMPT = JSON.stringify(
  [
    { role: 'system', content: 'You write the weekly research digest. Plain language, at most 200 words.' },
    { role: 'user', content: [{ type: 'text', text: 'Draft this week’s digest from the electrolyte review.' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Lead with the sulfide limits; keep it short.' },
        { type: 'text', text: 'Sulfide electrolytes lead on conductivity but need dry rooms and cathode coatings.' },
      ],
    },
    { role: 'user', content: [{ type: 'text', text: 'Shorter, please.' }] },
  ],
  null,
  2,
)
