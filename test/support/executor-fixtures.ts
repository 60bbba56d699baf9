import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CallbackSink, HandleCallback, TriggerParam } from '../../src/main/executor/executor-api'

let nextLogId = 10_000

/** A fresh logId per call, so runs in one executor never collide by accident. */
export function newLogId(): number {
  return nextLogId++
}

/** A BEAN trigger for `demoJobHandler`, with overrides. logDateTime defaults to now. */
export function triggerParam(overrides: Partial<TriggerParam> & { jobId: number }): TriggerParam {
  return {
    executorHandler: 'demoJobHandler',
    executorParams: '',
    executorBlockStrategy: 'SERIAL_EXECUTION',
    executorTimeout: 0,
    logId: newLogId(),
    logDateTime: Date.now(),
    glueType: 'BEAN',
    glueSource: null,
    glueUpdatetime: 1,
    broadcastIndex: 0,
    broadcastTotal: 1,
    ...overrides,
  }
}

export async function makeTempDir(prefix = 'jobdesk-executor-'): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** Polls `condition` until it holds or `timeoutMs` passes (then throws with `what`). */
export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000, intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await condition()) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/**
 * A callback sink that records what it received and lets tests await a run's result. `failNext(n)`
 * makes the next n batches reject (to exercise spooling).
 */
export class CallbackCollector {
  readonly received: HandleCallback[] = []
  readonly batches: HandleCallback[][] = []
  private failures = 0
  private waiters: Array<{ logId: number; resolve: (callback: HandleCallback) => void }> = []

  readonly sink: CallbackSink = async (batch) => {
    if (this.failures > 0) {
      this.failures--
      throw new Error('collector: forced callback failure')
    }
    this.batches.push([...batch])
    for (const callback of batch) {
      this.received.push(callback)
      for (const waiter of this.waiters.filter((w) => w.logId === callback.logId)) waiter.resolve(callback)
      this.waiters = this.waiters.filter((w) => w.logId !== callback.logId)
    }
  }

  failNext(count: number): void {
    this.failures = count
  }

  find(logId: number): HandleCallback | undefined {
    return this.received.find((callback) => callback.logId === logId)
  }

  /** Resolves with the run's callback (at once if it already arrived); rejects after `timeoutMs`. */
  waitFor(logId: number, timeoutMs = 20_000): Promise<HandleCallback> {
    const known = this.find(logId)
    if (known) return Promise.resolve(known)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no callback for logId ${logId} within ${timeoutMs} ms`)), timeoutMs)
      this.waiters.push({
        logId,
        resolve: (callback) => {
          clearTimeout(timer)
          resolve(callback)
        },
      })
    })
  }
}
