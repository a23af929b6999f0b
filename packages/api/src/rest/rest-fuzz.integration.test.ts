// The REST fuzz of issue 33's acceptance: every operation of the served OpenAPI
// document, fed plausible, missing, wrongly typed, oversized, malformed and
// unicode input (testing/rest-fuzz.ts), answers without a 5xx, and every error
// is a problem document without stack or database text. `pnpm bench rest-fuzz`
// runs more rounds.
import { beforeAll, expect, it } from 'vitest'
import type { ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { restFuzzProbes, runRestFuzz, type OpenApiDocumentLike } from '../testing/rest-fuzz.ts'

describeEachApi(
  'fuzzing every REST operation of the served OpenAPI document',
  (getApi) => {
    let api: ApiHarness
    let token: string
    beforeAll(async () => {
      api = getApi()
      token = (await api.issueToken({ allResources: true, canWrite: true, canRunRules: true })).token
    })

    it('answers every probe without a 5xx, and every error as a problem document without stack or database text', async () => {
      const document = (await (await fetch(`${api.server.url}/api/openapi.json`)).json()) as OpenApiDocumentLike
      const probes = restFuzzProbes(document, { knownId: 'acme-delivery-storm', oversize: 100_001, bodyLimit: api.services.config.maxBodyBytes })
      const { statuses, failures } = await runRestFuzz(api.server.url, token, probes)
      const operations = new Set(probes.map((probe) => probe.operationId)).size
      console.log(`[REST fuzz] ${probes.length} requests over ${operations} operations; statuses ${JSON.stringify(Object.fromEntries(statuses))}`)
      expect(operations).toBeGreaterThan(30)
      expect(failures).toEqual([])
    }, 300_000)
  },
  { THREADLINE_RATE_LIMIT_PER_SECOND: '100000', THREADLINE_RATE_LIMIT_BURST: '100000' },
)
