// A buffered single-consumer async queue: the turn pushes events as they
// happen; the consumer iterates at its own pace. Iterate it once.

export class EventChannel<T> implements AsyncIterable<T> {
  readonly #buffer: T[] = []
  #wake: (() => void) | undefined
  #closed = false
  #failure: { error: unknown } | undefined

  push(event: T): void {
    if (this.#closed) return
    this.#buffer.push(event)
    this.#notify()
  }

  close(): void {
    this.#closed = true
    this.#notify()
  }

  /** Ends the iteration with `error` once the buffered events are consumed. */
  fail(error: unknown): void {
    if (this.#closed) return
    this.#failure = { error }
    this.close()
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      const next = this.#buffer.shift()
      if (next !== undefined) {
        yield next
        continue
      }
      if (this.#failure) throw this.#failure.error
      if (this.#closed) return
      await new Promise<void>((resolve) => {
        this.#wake = resolve
      })
    }
  }

  #notify(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }
}
