// Group commit: items written while a write is in flight wait for it, then go
// together as ONE write. A lone item is written at once (no timer, nothing
// added to its latency); under concurrent load N items cost one statement
// instead of N. Each caller's promise settles when its own group is written
// (or fails), so an item is stored before its caller goes on, as with a write
// of its own.

type Group<T> = { items: T[]; written: Promise<void>; resolve: () => void; reject: (error: unknown) => void }

function newGroup<T>(): Group<T> {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const written = new Promise<void>((onWritten, onFailed) => {
    resolve = onWritten
    reject = onFailed
  })
  return { items: [], written, resolve, reject }
}

/** `write(items)` stores a group in one go; groups hold at most `maxGroup` items and are written one at a time, in order. */
export function groupCommit<T>(write: (items: T[]) => Promise<void>, maxGroup: number): (item: T) => Promise<void> {
  const waiting: Group<T>[] = []
  let writing = false

  async function drain(): Promise<void> {
    writing = true
    for (let group = waiting.shift(); group !== undefined; group = waiting.shift()) {
      try {
        await write(group.items)
        group.resolve()
      } catch (error) {
        group.reject(error)
      }
    }
    writing = false
  }

  return (item) => {
    let group = waiting.at(-1)
    if (group === undefined || group.items.length >= maxGroup) {
      group = newGroup<T>()
      waiting.push(group)
    }
    group.items.push(item)
    if (!writing) void drain()
    return group.written
  }
}
