import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, it } from 'vitest'
import { LiveLog, OpenOrder } from './live-log'

function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

it('lets ended logs go as the oldest open one moves on, while some run is always open', async () => {
  const order = new OpenOrder()
  const ended: WeakRef<LiveLog>[] = []
  // A steady load of short runs: each hundredth stays open until the next one opens, so the order
  // is never empty when the spill wake asks for its oldest open run.
  let open = new LiveLog(1, 0, '2031-03-14', 0)
  order.push(open)
  for (let logId = 2; logId <= 5000; logId++) {
    const log = new LiveLog(logId, 0, '2031-03-14', logId)
    order.push(log)
    if (logId % 100 === 0) {
      open.ended = true
      ended.push(new WeakRef(open))
      open = log
    } else {
      log.ended = true
      ended.push(new WeakRef(log))
    }
    if (logId % 250 === 0) expect(order.oldestOpen()).toBe(open)
  }
  expect(order.oldestOpen()).toBe(open)
  // WeakRefs made in this turn keep their targets until it ends.
  await new Promise((resolve) => setTimeout(resolve, 0))
  collectGarbage()()
  const kept = ended.filter((ref) => ref.deref() !== undefined).length
  // Everything behind the head goes once the front is compacted (at most ~2k stay until then).
  expect(kept).toBeLessThan(2100)
})
