import { describe, expect, it } from 'vitest'
import { newRun } from '../../../test/support/new-run'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { silentLogger, type Logger } from '../kernel/logger'
import { RUN_ENDED_ORDER, RunEnded, type RunEndedConsumer, type RunEndedSlot } from './run-ended'
import { RunWriter } from './run-writer'
import type { FlushResult } from './flush-result'

const T0 = Date.UTC(2026, 0, 5, 9)

/** A writer as the fan-out sees it: the listener it registers, called by hand. */
function handWriter(): { onFlush(listener: (flush: FlushResult) => void): void; flush(flush: FlushResult): void; listeners: number } {
  const listeners: ((flush: FlushResult) => void)[] = []
  return {
    onFlush: (listener) => listeners.push(listener),
    flush: (flush) => listeners.forEach((listener) => listener(flush)),
    get listeners() {
      return listeners.length
    },
  }
}

const flushOf = (completedIds: number[]): FlushResult => ({
  triggeredIds: [],
  completedIds,
  failedIds: [],
  ended: { completions: [], failedTriggers: 0 },
})

/** Consumers that note their name in `heard`, one per slot. */
function noting(heard: string[], slots: readonly RunEndedSlot[]): Partial<Record<RunEndedSlot, RunEndedConsumer>> {
  return Object.fromEntries(
    slots.map((slot) => [slot, { name: slot, onRunsEnded: ({ completedIds }: FlushResult) => heard.push(`${slot} ${completedIds.join(',')}`) }]),
  )
}

function recordingLogger(): Logger & { errors: { message: string; fields: unknown }[] } {
  const errors: { message: string; fields: unknown }[] = []
  return { ...silentLogger, errors, error: (message: string, fields?: unknown) => errors.push({ message, fields }) }
}

describe('RunEnded', () => {
  it('registers one listener with the writer, whatever number of consumers attach', () => {
    const writer = handWriter()
    const runEnded = new RunEnded(writer, silentLogger)
    runEnded.attach(noting([], RUN_ENDED_ORDER))
    expect(writer.listeners).toBe(1)
  })

  it('tells the consumers in the order of RUN_ENDED_ORDER, not in the order they were attached', () => {
    const writer = handWriter()
    const runEnded = new RunEnded(writer, silentLogger)
    const heard: string[] = []
    // Attached last slot first, one by one.
    for (const slot of [...RUN_ENDED_ORDER].reverse()) runEnded.attach(noting(heard, [slot]))
    writer.flush(flushOf([7]))
    expect(heard).toEqual(['metrics 7', 'consoles 7', 'flows 7', 'backfills 7', 'capacity 7', 'runLogs 7', 'failures 7', 'childJobs 7'])
  })

  it('tells a consumer only the flushes after it was attached (the monitors start after the join)', () => {
    const writer = handWriter()
    const runEnded = new RunEnded(writer, silentLogger)
    const heard: string[] = []
    runEnded.attach(noting(heard, ['metrics', 'consoles', 'flows']))
    writer.flush(flushOf([1]))
    runEnded.attach(noting(heard, ['runLogs', 'failures', 'childJobs']))
    writer.flush(flushOf([2]))
    expect(heard).toEqual(['metrics 1', 'consoles 1', 'flows 1', 'metrics 2', 'consoles 2', 'flows 2', 'runLogs 2', 'failures 2', 'childJobs 2'])
  })

  it('logs a consumer that throws, by name, and still tells the ones after it', () => {
    const writer = handWriter()
    const logger = recordingLogger()
    const runEnded = new RunEnded(writer, logger)
    const heard: string[] = []
    runEnded.attach({
      ...noting(heard, ['metrics', 'childJobs']),
      flows: {
        name: 'flows',
        onRunsEnded: () => {
          throw new Error('flow engine bug')
        },
      },
    })
    writer.flush(flushOf([3]))
    expect(heard).toEqual(['metrics 3', 'childJobs 3'])
    expect(logger.errors).toEqual([{ message: 'a consumer of ended runs failed', fields: { consumer: 'flows', error: 'flow engine bug' } }])
  })

  describe('behind a real run writer', () => {
    const fresh = freshSqliteStore()

    it('keeps writing batches after a consumer threw: the next completion is committed and told', async () => {
      const [first, second] = [
        (await fresh.store.runs.insert(newRun({ triggerTimeMs: T0 })))!,
        (await fresh.store.runs.insert(newRun({ triggerTimeMs: T0 + 1 })))!,
      ]
      const writer = new RunWriter({ store: fresh.store, logger: silentLogger, maxDelayMs: 60_000 })
      const runEnded = new RunEnded(writer, silentLogger)
      const heard: number[] = []
      let throwing = true
      runEnded.attach({
        metrics: {
          name: 'metrics',
          onRunsEnded: () => {
            if (throwing) throw new Error('once')
          },
        },
        childJobs: { name: 'childJobs', onRunsEnded: ({ completedIds }) => heard.push(...completedIds) },
      })
      const done = (logId: number) => ({ logId, handleCode: 200, handleMsg: 'ok', handleTimeMs: T0 + 5 })
      const firstWritten = writer.complete([done(first)])
      await writer.flush()
      await firstWritten
      throwing = false
      const secondWritten = writer.complete([done(second)])
      await writer.flush()
      await secondWritten
      expect(heard).toEqual([first, second])
      expect((await fresh.store.runs.get(second))?.handleCode).toBe(200)
    })
  })
})
