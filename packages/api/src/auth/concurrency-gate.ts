// A cap on how many of one kind of work run at once in this process (password
// hashing): the rest wait in a bounded queue, and past it are refused at once,
// so a flood of sign-ins cannot pile up work or memory.

export class GateFullError extends Error {
  constructor() {
    super('Too much of this work is already waiting')
    this.name = 'GateFullError'
  }
}

export type ConcurrencyGate = {
  /** runs `work` when a slot is free; throws GateFullError when `maxWaiting` already wait */
  run<T>(work: () => Promise<T>): Promise<T>
  stats(): { running: number; waiting: number }
}

export function concurrencyGate(options: { concurrent: number; maxWaiting: number }): ConcurrencyGate {
  let running = 0
  const waiting: (() => void)[] = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
  return {
    async run(work) {
      if (running < options.concurrent) running += 1
      else if (waiting.length >= options.maxWaiting) throw new GateFullError()
      // a released slot passes straight to the next waiter: `running` stays counted
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        release()
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  }
}
