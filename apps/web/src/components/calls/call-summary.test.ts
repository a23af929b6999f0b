import { describe, expect, it } from 'vitest'
import { summarizeCalls } from './call-summary.ts'

const call = {
  retries: 0,
  waitedMs: 0,
  rules: [] as string[],
  repairedMessageIds: [] as string[],
  promptOnlyMessageIds: [] as string[],
  outcome: 'success' as const,
  error: null,
}
type Calls = Parameters<typeof summarizeCalls>[0]
type Traces = Parameters<typeof summarizeCalls>[1]

describe('summarizeCalls', () => {
  it('says a clean call is clean', () => {
    expect(summarizeCalls([call])).toBe('clean call')
  })

  it('from summaries alone: retries and waits, rules in words (a user rule by its name), repairs and a failure', () => {
    expect(
      summarizeCalls([
        { ...call, retries: 2, waitedMs: 3200, rules: ['cerebras-strip-reasoning-content', 'my-rule'] },
        { ...call, outcome: 'failed', error: { name: 'E', message: 'x', statusCode: 529 }, repairedMessageIds: ['m1', 'm2'] },
      ] as Calls),
    ).toBe('2 calls · 2 retries, waited 3.2 s · reasoning stripped for cerebras · my-rule · 2 messages repaired · failed (HTTP 529)')
  })

  it('tells a recall hit repaired in the prompt only (not saved) from a saved repair', () => {
    expect(summarizeCalls([{ ...call, retries: 1, repairedMessageIds: ['own'], promptOnlyMessageIds: ['other-thread-hit'] }] as Calls)).toBe(
      '1 retry · 1 message repaired · 1 recall hit from another thread repaired in the prompt only (not saved)',
    )
  })

  it('from traces: the delay source, tool IDs counted, the status a repair answered, attempts of a failure', () => {
    const toolPart = (id: string) => ({ type: 'tool-invocation', toolInvocation: { toolCallId: id } })
    const repaired = { ...call, id: 'a', retries: 2, waitedMs: 3200, rules: ['anthropic-tool-id-format', 'cerebras-strip-reasoning-content'] }
    const failed = { ...call, id: 'b', outcome: 'failed' as const, error: { name: 'E', message: 'x', statusCode: 529 }, retries: 3 }
    const traces = new Map([
      [
        'a',
        {
          ...repaired,
          attempts: [
            { attempt: 1, error: { statusCode: 400 } },
            { attempt: 2, error: { statusCode: 429 } },
            { attempt: 3, error: null },
          ],
          events: [
            { attempt: 1, type: 'rule-applied', rule: 'cerebras-strip-reasoning-content', data: {} },
            {
              attempt: 1,
              type: 'repair',
              rule: 'anthropic-tool-id-format',
              data: {
                before: [
                  { content: { parts: [toolPart('functions.a:0'), toolPart('functions.b:1'), toolPart('ok_id')] } },
                  { content: { parts: [toolPart('functions.c:2')] } },
                ],
                after: [
                  { content: { parts: [toolPart('functions_a_0'), toolPart('functions_b_1'), toolPart('ok_id')] } },
                  { content: { parts: [toolPart('functions_c_2')] } },
                ],
              },
            },
            { attempt: 1, type: 'retry-decision', rule: null, data: { retry: true, delaySource: 'none' } },
            { attempt: 2, type: 'retry-decision', rule: null, data: { retry: true, delaySource: 'retry-after' } },
            { attempt: 2, type: 'repair', rule: 'my-fix', data: {} },
          ],
        },
      ],
      [
        'b',
        {
          ...failed,
          attempts: [1, 2, 3, 4].map((attempt) => ({ attempt, error: { statusCode: 529 } })),
          events: [],
        },
      ],
    ]) as Traces
    expect(summarizeCalls([repaired], traces)).toBe(
      '2 retries, waited 3.2 s (Retry-After) · reasoning stripped for cerebras · 3 tool IDs rewritten after 400 · my-fix repaired messages after 429',
    )
    expect(summarizeCalls([failed], traces)).toBe('3 retries · failed after 4 attempts (HTTP 529)')
  })
})
