import { describe, expect, it } from 'vitest'
import { droppedDetail, droppedLines, transformedLines } from './content-verdict.ts'

describe('the Switch check content verdict', () => {
  it('says nothing was dropped, or what each rule dropped', () => {
    expect(droppedLines({ dropped: [], transformed: [] })).toEqual(['Nothing dropped'])
    const check = {
      dropped: [
        { rule: 'drop-sunny', texts: ['Sunny.', 'Warm.'], calls: [] },
        { rule: null, texts: [], calls: ['get_weather'] },
      ],
      transformed: [{ rule: 'cerebras-strip-reasoning-content', reasoningParts: 1 }],
    }
    expect(droppedLines(check)).toEqual(['Dropped: 2 texts (rule drop-sunny)', 'Dropped: 1 call (before any rule)'])
    expect(transformedLines(check)).toEqual(['Reasoning left out: 1 part (rule cerebras-strip-reasoning-content)'])
    expect(droppedDetail(check)).toBe('text "Sunny."\ntext "Warm."\ncall of get_weather')
  })
})
