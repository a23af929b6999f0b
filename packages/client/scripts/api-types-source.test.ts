import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { API_TYPES_FILE, generateApiTypes } from './api-types-source.ts'

it('src/generated/api-types.ts is what the server router prints (else: pnpm --filter @threadline/client generate)', async () => {
  expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes())
}, 120_000)
