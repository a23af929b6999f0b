import type { RouterOutputs } from '@/trpc/types.ts'

type SavedFixture = RouterOutputs['playground']['rules']['get']['fixtures'][number]

/** What a fixture says the rule does once it is live: the sentence of the enable confirmation. */
export function fixtureEffect(fixture: SavedFixture): string {
  if (fixture.kind === 'prompt') {
    return fixture.expect.fires ? `rewrites the prompt sent to ${fixture.model}` : `leaves the prompt sent to ${fixture.model} alone`
  }
  const error =
    fixture.error.kind === 'http' ? `HTTP ${fixture.error.status}` : fixture.error.kind === 'connection' ? fixture.error.code : 'a stream error chunk'
  if (!fixture.expect.matches) return `ignores ${error} from ${fixture.model}`
  return fixture.expect.fixes === false
    ? `matches ${error} from ${fixture.model}, leaving the messages as they are`
    : `repairs the messages after ${error} from ${fixture.model}, then retries`
}
