// Issue 33: two processes opening one data folder at the same instant both got
// it (14 of 80 trials): a half-written lock read as stale was removed. Here
// processes race for fresh folders and for folders holding a dead process's
// lock; every trial must have exactly one owner. `pnpm bench lock-race` runs 80 trials.
import { describe, expect, it } from 'vitest'
import { raceDataFolderLock } from '../testing/lock-race.ts'

describe('the data folder lock, raced by processes', () => {
  it('has exactly one owner per trial, fresh folder or stale lock', async () => {
    const trials = await raceDataFolderLock({ processes: 4, trials: 20 })
    expect(trials.flatMap((trial) => trial.errors)).toEqual([])
    expect(trials.map((trial) => trial.owners)).toEqual(trials.map(() => 1))
  }, 120_000)
})
