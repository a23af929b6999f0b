const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 }

/** An age such as `30d`, `12h` or `90m` in milliseconds; throws a message a user can act on otherwise. */
export function parseAge(text: string): number {
  const match = /^(\d+)([mhd])$/.exec(text.trim())
  const unit = match?.[2] === undefined ? undefined : units[match[2]]
  if (!match || unit === undefined || Number(match[1]) <= 0) {
    throw new Error(`expected an age such as 30d, 12h or 90m (minutes), got "${text}"`)
  }
  return Number(match[1]) * unit
}
