// Writes src/generated/api-types.ts (see api-types-source.ts): run after a change to the server's router.
import { writeFileSync } from 'node:fs'
import { API_TYPES_FILE, generateApiTypes } from './api-types-source.ts'

writeFileSync(API_TYPES_FILE, await generateApiTypes())
console.log(`wrote ${API_TYPES_FILE}`)
