/**
 * A task that is asked for in bursts (a re-read after each pushed event): it runs at once when
 * idle; asks while it runs make it run once more afterwards, so a burst costs at most two runs and
 * the last run starts after the last ask (what it reads is at least as new as every event).
 * Keyed: each key (a flow run id) has its own turn.
 */
export function coalescedBy<K>(task: (key: K) => Promise<void>): (key: K) => Promise<void> {
  const running = new Map<K, { done: Promise<void>; again: boolean }>()
  return (key) => {
    const current = running.get(key)
    if (current) {
      current.again = true
      return current.done
    }
    const turn = { done: Promise.resolve(), again: false }
    turn.done = (async () => {
      try {
        do {
          turn.again = false
          await task(key).catch(() => {})
        } while (turn.again)
      } finally {
        running.delete(key)
      }
    })()
    running.set(key, turn)
    return turn.done
  }
}

/** {@link coalescedBy} for a task without a key. */
export function coalesced(task: () => Promise<void>): () => Promise<void> {
  const keyed = coalescedBy<null>(() => task())
  return () => keyed(null)
}
