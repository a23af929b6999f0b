// A token bucket per key (an API token's id, a sign-in address), in memory:
// `burst` requests at once, refilled at `perSecond`. One server process keeps
// its own buckets; behind several instances each enforces the limit alone.

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

type Bucket = { tokens: number; updatedAt: number }

/** Buckets idle this long are full again and can be forgotten. */
const SWEEP_EVERY = 1000

export class TokenBucketRateLimiter {
  private readonly buckets = new Map<string, Bucket>()
  private takesSinceSweep = 0

  constructor(
    private readonly options: { perSecond: number; burst: number },
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): RateLimitDecision {
    const now = this.now()
    this.sweep(now)
    const bucket = this.buckets.get(key) ?? { tokens: this.options.burst, updatedAt: now }
    // When the bucket holds a whole request again, counted from the last allowed
    // request (a refusal changes nothing): deciding by time keeps the decision
    // and Retry-After in agreement, with no rounding piling up over refusals.
    const readyAt = bucket.updatedAt + ((1 - bucket.tokens) / this.options.perSecond) * 1000
    if (now < readyAt) return { allowed: false, retryAfterMs: Math.ceil(readyAt - now) }
    const refilled = Math.min(this.options.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.options.perSecond)
    this.buckets.set(key, { tokens: Math.max(0, refilled - 1), updatedAt: now })
    return { allowed: true }
  }

  /** Drops buckets that have refilled completely: they behave like new ones. */
  private sweep(now: number): void {
    if (++this.takesSinceSweep < SWEEP_EVERY) return
    this.takesSinceSweep = 0
    const fullAfterMs = (this.options.burst / this.options.perSecond) * 1000
    for (const [key, bucket] of this.buckets) if (now - bucket.updatedAt >= fullAfterMs) this.buckets.delete(key)
  }
}
