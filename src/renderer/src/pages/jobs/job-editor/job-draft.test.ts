import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../../../../shared/errors'
import type { JobInfo } from '../../../../../shared/model'
import { copyJobInput, jobToInput, newJobInput, placeSaveError, shownFields } from './job-draft'

describe('jobToInput', () => {
  it('keeps every JobInput field and drops the bookkeeping', () => {
    const input = { ...newJobInput(1, 'UTC'), id: 7, name: 'x' }
    const job: JobInfo = {
      ...input,
      id: 7,
      childJobIds: [3],
      triggerStatus: 1,
      triggerLastTimeMs: 1,
      triggerNextTimeMs: 2,
      addTimeMs: 3,
      updateTimeMs: 4,
      glueUpdatetimeMs: 5,
    }
    expect(jobToInput(job)).toEqual(input)
  })
})

describe('placeSaveError', () => {
  const fields = new Set(['scheduleConf', 'name'])

  it('puts a validation error on the field it names', () => {
    const params = { expression: '0 0 25 * * ?', cronField: 'hour', value: 25, range: '0-23' }
    const error = new ValidationError('scheduleConf', "'0 0 25 * * ?' hour 25 is out of range 0-23", { code: 'cron.outOfRange', params })
    expect(placeSaveError(error, fields, 'en')).toEqual({ field: 'scheduleConf', message: "Schedule: '0 0 25 * * ?' hour 25 is out of range 0-23" })
    expect(placeSaveError(error, fields, 'zh-CN')).toEqual({ field: 'scheduleConf', message: '调度配置：“0 0 25 * * ?”的时字段：25 超出范围 0-23' })
  })

  it('puts other errors on the form', () => {
    expect(placeSaveError(new ValidationError('job', 'bad'), fields, 'en').field).toBeNull()
    expect(placeSaveError(new Error('connection lost'), fields, 'zh-CN')).toEqual({ field: null, message: 'connection lost' })
  })
})

describe('copyJobInput', () => {
  it('copies every field as a new job (no id) under the new name', () => {
    const input = { ...newJobInput(2, 'Asia/Shanghai'), id: 9, name: 'nightly', glueType: 'GLUE_SHELL' as const, glueSource: 'echo hi' }
    const job = {
      ...input,
      childJobIds: [],
      triggerStatus: 1,
      triggerLastTimeMs: 0,
      triggerNextTimeMs: 0,
      addTimeMs: 0,
      updateTimeMs: 0,
      glueUpdatetimeMs: 0,
    } as JobInfo
    const copy = copyJobInput(job, 'nightly (copy)')
    expect(copy.id).toBeUndefined()
    expect(copy).toEqual({ ...input, id: undefined, name: 'nightly (copy)' })
  })
})

describe('shownFields', () => {
  it('hides the handler of a script job and the source of a BEAN job, so an error naming one goes on the form', () => {
    expect(shownFields('GLUE_SHELL').has('executorHandler')).toBe(false)
    expect(shownFields('GLUE_SHELL').has('glueSource')).toBe(true)
    expect(shownFields('BEAN').has('executorHandler')).toBe(true)
    expect(shownFields('BEAN').has('glueSource')).toBe(false)
    const handlerMissing = new ValidationError('executorHandler', 'a BEAN job needs a handler', { code: 'job.handlerRequired' })
    expect(placeSaveError(handlerMissing, shownFields('GLUE_PYTHON'), 'en').field).toBeNull()
    expect(placeSaveError(handlerMissing, shownFields('BEAN'), 'en').field).toBe('executorHandler')
  })
})
