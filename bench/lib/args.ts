// Command-line settings shared by the benchmarks: `--sizes=1000,10000` (or
// BENCH_SIZES) picks thread sizes, `--quick` runs the small sizes only.

export function flagValue(name: string, argv: readonly string[] = process.argv.slice(2)): string | undefined {
  return argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
}

export function hasFlag(name: string, argv: readonly string[] = process.argv.slice(2)): boolean {
  return argv.includes(`--${name}`)
}

/** Positive integers from `--sizes=` / BENCH_SIZES, else the defaults (`--quick`: the defaults below 100k). */
export function selectedSizes(defaults: readonly number[], argv: readonly string[] = process.argv.slice(2)): number[] {
  const given = flagValue('sizes', argv) ?? process.env.BENCH_SIZES
  if (given === undefined) return hasFlag('quick', argv) ? defaults.filter((size) => size < 100_000) : [...defaults]
  const sizes = given.split(',').map((size) => Number(size.trim().replace(/k$/i, '000')))
  const bad = sizes.find((size) => !Number.isInteger(size) || size <= 0)
  if (bad !== undefined) throw new Error(`--sizes: "${given}" is not a list of positive integers (e.g. 1000,10k)`)
  return sizes
}
