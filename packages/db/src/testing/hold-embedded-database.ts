// A second process for the single-owner tests: opens the database of argv[2]
// (unmigrated: db:seed migrates it later), says "ready" and keeps it open until killed. A refusal
// is printed to stderr with exit code 1, as the server and the scripts do.
import { openDatabase } from '../open-database.ts'

try {
  await openDatabase(process.argv[2], { migrate: false })
  process.stdout.write('ready\n')
  setInterval(() => undefined, 60_000)
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
