import { describe, expect, it } from 'vitest'
import { CodedError, ConflictError, fromErrorInfo, isCallerError, NotFoundError, PermissionError, toErrorInfo, ValidationError } from './errors'

describe('coded errors', () => {
  it('share one base holding the code and params', () => {
    for (const error of [new ValidationError('f', 'm'), new NotFoundError('m'), new ConflictError('m'), new PermissionError('m')]) {
      expect(error).toBeInstanceOf(CodedError)
      expect(isCallerError(error)).toBe(true)
    }
    expect(new NotFoundError('m', { code: 'job.notFound', params: { id: 3 } })).toMatchObject({ code: 'job.notFound', params: { id: 3 } })
    expect(isCallerError(new Error('m'))).toBe(false)
  })

  it('survive the trip through ErrorInfo with their class, field, code and params', () => {
    const sent = new ValidationError('scheduleConf', 'is required', { code: 'validation.required', params: { field: 'scheduleConf' } })
    const received = fromErrorInfo(toErrorInfo(sent))
    expect(received).toBeInstanceOf(ValidationError)
    expect(received).toMatchObject({ field: 'scheduleConf', code: 'validation.required', params: { field: 'scheduleConf' } })
    expect(fromErrorInfo(toErrorInfo(new ConflictError('m', { code: 'dag.cycle' })))).toMatchObject({ name: 'ConflictError', code: 'dag.cycle' })
  })
})
