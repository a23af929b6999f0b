// A cap on how many of one kind of work run at once in this process (password
// hashing): the rest wait in a bounded queue, and past it are refused at once,
// so a flood of sign-ins cannot pile up work or memory. Work started inside
// `prioritized` (a sign-in from an address the account has signed in from
// before) waits in a lane of its own, served first and bounded alike: a flood
// from elsewhere fills the ordinary queue but cannot refuse the real user.
import { AsyncLocalStorage } from 'node:async_hooks'

export class GateFullError extends Error {
  constructor() {
    super('Too much of this work is already waiting')
    this.name = 'GateFullError'
  }
}

export type ConcurrencyGate = {
  /** runs `work` when a slot is free; throws GateFullError when `maxWaiting` already wait (in its lane) */
  run<T>(work: () => Promise<T>): Promise<T>
  /** calls `caller`; every `run` inside it (however deep, e.g. in a library's callback) uses the priority lane */
  prioritized<T>(caller: () => Promise<T>): Promise<T>
  stats(): { running: number; waiting: number }
}

export function concurrencyGate(options: { concurrent: number; maxWaiting: number }): ConcurrencyGate {
  let running = 0
  const lanes = { priority: [] as (() => void)[], ordinary: [] as (() => void)[] }
  const priority = new AsyncLocalStorage<true>()
  const release = () => {
    const next = lanes.priority.shift() ?? lanes.ordinary.shift()
    if (next) next()
    else running -= 1
  }
  return {
    async run(work) {
      const lane = priority.getStore() ? lanes.priority : lanes.ordinary
      if (running < options.concurrent) running += 1
      else if (lane.length >= options.maxWaiting) throw new GateFullError()
      // a released slot passes straight to the next waiter: `running` stays counted
      else await new Promise<void>((resolve) => lane.push(resolve))
      try {
        return await work()
      } finally {
        release()
      }
    },
    prioritized: (caller) => priority.run(true, caller),
    stats: () => ({ running, waiting: lanes.priority.length + lanes.ordinary.length }),
  }
}
