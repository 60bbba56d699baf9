import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../shared/model'
import { readImportRefusal, exportFileName, parseImportFile } from './import-problems'
import { runOutcome, isAtRisk } from './run-outcome'

const run = (over: Partial<JobRun>) => ({ triggerCode: 200, handleCode: 0, handleMsg: '', ...over })

describe('runOutcome', () => {
  it('reads a failed run whose handle message names a kill as killed', () => {
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'Manual operation, kill job: job thread already killed.' }))).toBe('killed')
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'scheduling center kill job. [job running, killed]' }))).toBe('killed')
  })

  it('keeps other outcomes as XXL-JOB derives them', () => {
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'script exit value(1) is failed' }))).toBe('failed')
    expect(runOutcome(run({ handleCode: 200, handleMsg: 'skill issue resolved' }))).toBe('success')
    expect(runOutcome(run({}))).toBe('running')
    expect(runOutcome(run({ triggerCode: 500, handleMsg: 'killed' }))).toBe('failed')
  })
})

describe('readImportRefusal', () => {
  it('splits the core’s message into its summary and one problem per line', () => {
    const refusal = readImportRefusal('document: 2 problems, nothing was imported:\n- jobs[3].scheduleConf: hour 25 is out of range 0-23\n- links[0]: job key \'9\' is not in the document')
    expect(refusal.summary).toBe('document: 2 problems, nothing was imported:')
    expect(refusal.problems).toEqual(['jobs[3].scheduleConf: hour 25 is out of range 0-23', "links[0]: job key '9' is not in the document"])
  })

  it('keeps a message without a list as the summary', () => {
    expect(readImportRefusal('cannot reach JobDesk')).toEqual({ summary: 'cannot reach JobDesk', problems: [] })
  })
})

describe('export and import files', () => {
  it('names an export by local date and time, with the count for a selection', () => {
    const at = new Date(2026, 0, 10, 9, 5).getTime()
    expect(exportFileName(at, null)).toBe('jobdesk-jobs-2026-01-10-0905.json')
    expect(exportFileName(at, 3)).toBe('jobdesk-jobs-3-2026-01-10-0905.json')
  })

  it('reads JSON and reports a broken file instead of throwing', () => {
    expect(parseImportFile('{"format":"jobdesk.jobs"}')).toEqual({ ok: true, document: { format: 'jobdesk.jobs' } })
    const broken = parseImportFile('{"format":')
    expect(broken.ok).toBe(false)
  })
})

describe('isAtRisk', () => {
  const running = { triggerCode: 200, handleCode: 0, executorAddress: 'http://10.0.0.5:9999/' }
  const health = (h: 'online' | 'suspect' | 'dead' | undefined) => () => h

  it('marks a running run whose executor missed a beat', () => {
    expect(isAtRisk(running, health('suspect'))).toBe(true)
  })

  it('leaves runs on a healthy executor, finished runs and unrouted runs alone', () => {
    expect(isAtRisk(running, health('online'))).toBe(false)
    expect(isAtRisk({ ...running, handleCode: 200 }, health('suspect'))).toBe(false)
    expect(isAtRisk({ ...running, executorAddress: '' }, health('suspect'))).toBe(false)
  })
})
