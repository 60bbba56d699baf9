import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../../shared/model'
import { ValidationError } from '../../../../shared/errors'
import { englishMessage } from '../../../../shared/messages'
import { importRefusal, exportFileName, parseImportFile } from '../definitions/import-problems'
import { runOutcome, isAtRisk } from './run-outcome'

const run = (over: Partial<JobRun>) => ({ triggerCode: 200, handleCode: 0, handleMsg: '', ...over })

describe('runOutcome', () => {
  it('reads a failed run whose handle message names a kill as killed', () => {
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'Manual operation, kill job: job thread already killed.' }))).toBe('killed')
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'scheduling center kill job. [job running, killed]' }))).toBe('killed')
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'scheduling center kill job. [job not executed, in the job queue, killed.]' }))).toBe('killed')
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'web container destroy and kill the job. [job running, killed]' }))).toBe('killed')
  })

  it('keeps other outcomes as XXL-JOB derives them', () => {
    expect(runOutcome(run({ handleCode: 500, handleMsg: 'script exit value(1) is failed' }))).toBe('failed')
    expect(runOutcome(run({ handleCode: 200, handleMsg: 'skill issue resolved' }))).toBe('success')
    expect(runOutcome(run({}))).toBe('running')
    expect(runOutcome(run({ triggerCode: 500, handleMsg: 'killed' }))).toBe('failed')
  })
})

describe('importRefusal', () => {
  const refused = new ValidationError('document', '2 problems, nothing was imported:\n- …', {
    code: 'import.refused',
    params: { count: 2 },
    problems: [
      {
        field: 'jobs[3].scheduleConf',
        code: 'cron.outOfRange',
        params: { expression: '0 0 25 * * ?', cronField: 'hour', value: 25, range: '0-23', jobName: 'notify' },
        message: englishMessage('cron.outOfRange', { expression: '0 0 25 * * ?', cronField: 'hour', value: 25, range: '0-23' }) + " (job 'notify')",
      },
      { field: 'links[0]', code: 'import.keyMissing', params: { key: '9' }, message: "job key '9' is not in this file" },
    ],
  })

  it('lists each problem of the core’s refusal, rendered from its code, with the job it is about', () => {
    expect(importRefusal('en', refused)).toEqual({
      summary: '2 problem(s), nothing was imported',
      problems: ["jobs[3].scheduleConf: '0 0 25 * * ?' hour 25 is out of range 0-23 (job “notify”)", "links[0]: job key '9' is not in this file"],
    })
    expect(importRefusal('zh-CN', refused)).toEqual({
      summary: '发现 2 个问题，未导入任何内容',
      problems: ['jobs[3].scheduleConf：“0 0 25 * * ?”的时字段：25 超出范围 0-23（任务“notify”）', 'links[0]：任务 key“9”不在此文件中'],
    })
  })

  it('keeps a problem of an unknown code in the core’s words, and another error as the summary', () => {
    const unknown = new ValidationError('document', 'x', {
      problems: [{ field: 'jobs[0]', code: 'import.fromTheFuture', params: {}, message: "something new (job 'a')" }],
    })
    expect(importRefusal('zh-CN', unknown).problems).toEqual(["jobs[0]：something new (job 'a')"])
    expect(importRefusal('en', new Error('cannot reach JobDesk'))).toEqual({ summary: 'cannot reach JobDesk', problems: [] })
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
