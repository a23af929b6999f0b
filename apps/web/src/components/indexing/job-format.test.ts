import { describe, expect, it } from 'vitest'
import { formatDuration, formatRate } from './job-format.ts'

describe('job formatting', () => {
  it('formats rates and durations for the progress line', () => {
    expect([formatRate(null), formatRate(2.345), formatRate(1234.4)]).toEqual(['–', '2.3 msg/s', '1,234 msg/s'])
    expect([formatDuration(null), formatDuration(12.4), formatDuration(185), formatDuration(3840)]).toEqual(['–', '12 s', '3 min 5 s', '1 h 4 min'])
  })
})
