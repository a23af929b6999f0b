// `pnpm bench save-throughput` (issue 30): messages.save over HTTP, tRPC and
// REST, as a ratio of the in-process bulk-insert floor measured in the same
// run (`of floor`), with PostgreSQL's CPU per batch beside it. It is api.ts's
// messages.save scenario alone, on PostgreSQL; its flags pass through
// (`--duration=10`, `--server=plain` for node:http without Next; `--rounds=3`
// runs tRPC and REST three times each, swapping which goes first every round).
process.argv.push('--db=postgres', '--only=messages.save')
await import('./api.ts')

export {}
