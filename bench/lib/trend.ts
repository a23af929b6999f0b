// The trend of a sampled series (the soak's RSS): a sawtooth of garbage
// collections hides a slow rise between its first and last sample, so the
// soak reports the least-squares slope and the lows and highs of each half.

export type Trend = { slopePerUnit: number; firstHalf: { low: number; high: number }; secondHalf: { low: number; high: number } }

/** Least-squares slope of y over x and each half's extremes; null with fewer than 4 points (no halves to compare). */
export function trendOf(points: readonly { x: number; y: number }[]): Trend | null {
  if (points.length < 4) return null
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length
  let covariance = 0
  let variance = 0
  for (const { x, y } of points) {
    covariance += (x - meanX) * (y - meanY)
    variance += (x - meanX) ** 2
  }
  const half = Math.floor(points.length / 2)
  const extremes = (part: readonly { y: number }[]) => ({ low: Math.min(...part.map((point) => point.y)), high: Math.max(...part.map((point) => point.y)) })
  return {
    slopePerUnit: variance === 0 ? 0 : covariance / variance,
    firstHalf: extremes(points.slice(0, half)),
    secondHalf: extremes(points.slice(half)),
  }
}
