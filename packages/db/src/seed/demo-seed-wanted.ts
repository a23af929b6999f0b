// Whether `pnpm db:seed` (and so `npm start`) loads the demo: its operator's
// password is published in the README, so a PostgreSQL database (a real
// deployment) gets it only when asked; the embedded database is the try-out.
import type { DatabaseKind } from '../open-database.ts'

/** `THREADLINE_DEMO_DATA=on` asks for the demo as `--demo` does. */
export const DEMO_DATA_ENV = 'THREADLINE_DEMO_DATA'

export function demoSeedWanted(kind: DatabaseKind, asked: { flag: boolean; env: string | undefined }): boolean {
  return kind === 'pglite' || asked.flag || asked.env?.trim().toLowerCase() === 'on'
}
