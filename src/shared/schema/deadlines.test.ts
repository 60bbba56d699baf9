import { describe, expect, it } from 'vitest'
import { flowInputSchema } from './flow'
import { jobInputSchema } from './job'
import { defaultJobInput } from '../job-defaults'

const job = (over: Record<string, unknown>) => jobInputSchema.safeParse({ ...defaultJobInput(1, 'UTC', { name: 'j', executorHandler: 'h' }), ...over })
const codeOf = (result: ReturnType<typeof job>) => (result.success ? null : (result.error.issues[0] as { params?: { code?: string } }).params?.code)

describe('the deadline fields of a job and a flow', () => {
  const cases: [note: string, over: Record<string, unknown>, code: string | null][] = [
    ['all off', {}, null],
    ['finishBy HH:MM', { finishBy: '06:00' }, null],
    ['finishBy HH:MM:SS, trimmed', { finishBy: ' 23:59:59 ' }, null],
    ['finishBy past the day', { finishBy: '24:00' }, 'deadline.finishBy'],
    ['finishBy without a leading zero', { finishBy: '6:00' }, 'deadline.finishBy'],
    ['a slow factor below 1', { slowFactor: 0.5 }, 'deadline.slowFactor'],
    ['a slow factor of 1.5', { slowFactor: 1.5 }, null],
  ]
  it.each(cases)('%s', (_note, over, code) => {
    expect(codeOf(job(over))).toBe(code)
  })

  it('refuses out-of-range seconds and factors, and gives absent fields as off', () => {
    expect(job({ startDeadlineSec: -1 }).success).toBe(false)
    expect(job({ finishWithinSec: 86_401 }).success).toBe(false)
    expect(job({ slowFactor: 101 }).success).toBe(false)
    const parsed = flowInputSchema.parse({ name: 'f', nodes: [{ key: 'a', jobId: 1 }] })
    expect(parsed).toMatchObject({ startDeadlineSec: 0, finishBy: '', finishWithinSec: 0, slowFactor: 0 })
    expect(flowInputSchema.safeParse({ name: 'f', nodes: [{ key: 'a', jobId: 1 }], finishBy: 'noon' }).success).toBe(false)
  })
})
