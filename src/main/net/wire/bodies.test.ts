import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../../shared/errors'
import { parseCallbackBody, parseJobIdBody, parseJsonText, parseLogRequest, parseRegistryParam, parseTriggerParam } from './bodies'

const capturedTrigger = JSON.parse(
  '{"jobId":1,"executorHandler":"demoJobHandler","executorParams":"hello","executorBlockStrategy":"SERIAL_EXECUTION","executorTimeout":0,"logId":1001,"logDateTime":1796014204713,"glueType":"BEAN","glueSource":null,"glueUpdatetime":1796014204713,"broadcastIndex":1,"broadcastTotal":3}',
)

function validationOf(action: () => unknown): ValidationError {
  try {
    action()
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('expected a ValidationError')
}

describe('parseTriggerParam', () => {
  it('reads the captured 2.4.2 trigger body field by field', () => {
    expect(parseTriggerParam(capturedTrigger)).toEqual(capturedTrigger)
  })

  it('defaults optional fields as a Java executor reads a missing one', () => {
    const param = parseTriggerParam({ jobId: 7, logId: 9, logDateTime: 5, glueType: 'GLUE_SHELL' })
    expect(param).toMatchObject({
      executorHandler: '',
      executorParams: '',
      executorBlockStrategy: 'SERIAL_EXECUTION',
      executorTimeout: 0,
      glueSource: null,
      glueUpdatetime: 0,
      broadcastIndex: 0,
      broadcastTotal: 1,
    })
  })

  it('names the field and the rule when a type is wrong', () => {
    const error = validationOf(() => parseTriggerParam({ ...capturedTrigger, jobId: '1' }))
    expect(error).toMatchObject({ field: 'jobId', code: 'validation.type', params: { expected: 'number', got: '"1"' } })
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, logId: 1.5 }))).toMatchObject({
      field: 'logId',
      code: 'validation.type',
      params: { expected: 'int' },
    })
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, glueSource: 3 }))).toMatchObject({
      field: 'glueSource',
      code: 'validation.type',
      params: { expected: 'string', got: '3' },
    })
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, glueType: undefined })).field).toBe('glueType')
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, broadcastIndex: 3 })).message).toContain('below broadcastTotal (3)')
    expect(validationOf(() => parseTriggerParam([capturedTrigger]))).toMatchObject({ field: 'body', code: 'validation.type', params: { expected: 'object' } })
  })
})

describe('log, jobId, callback and registry bodies', () => {
  it('accepts either spelling of the log time, preferring logDateTime', () => {
    expect(parseLogRequest({ logId: 1, logDateTim: 5, fromLineNum: 1 })).toEqual({ logId: 1, logDateTime: 5, fromLineNum: 1 })
    expect(parseLogRequest({ logId: 1, logDateTime: 6, fromLineNum: 3 })).toEqual({ logId: 1, logDateTime: 6, fromLineNum: 3 })
    expect(parseLogRequest({ logId: 1, logDateTime: 6, logDateTim: 5, fromLineNum: 3 }).logDateTime).toBe(6)
    expect(validationOf(() => parseLogRequest({ logId: 1, fromLineNum: 1 })).field).toBe('logDateTime')
    expect(validationOf(() => parseLogRequest({ logId: 1, logDateTim: 'x', fromLineNum: 1 })).field).toBe('logDateTim')
  })

  it('reads {jobId}', () => {
    expect(parseJobIdBody({ jobId: 2 })).toBe(2)
    expect(validationOf(() => parseJobIdBody(undefined))).toMatchObject({ field: 'body', code: 'validation.required' })
    expect(validationOf(() => parseJobIdBody({ jobId: null }))).toMatchObject({
      field: 'jobId',
      code: 'validation.type',
      params: { expected: 'number', got: 'null' },
    })
  })

  it('reads a G1/G2 bare array and a G3 callbackList alike', () => {
    const g1 = parseCallbackBody([{ logId: 1001, logDateTim: 17, handleCode: 200, handleMsg: 'demo ok' }])
    const g3 = parseCallbackBody({ callbackList: [{ logId: 1001, logDateTime: 17, handleCode: 200, handleMsg: 'demo ok' }] })
    expect(g1).toEqual([{ logId: 1001, logDateTime: 17, handleCode: 200, handleMsg: 'demo ok' }])
    expect(g3).toEqual(g1)
    expect(parseCallbackBody([{ logId: 1, handleCode: 500 }])).toEqual([{ logId: 1, logDateTime: 0, handleCode: 500, handleMsg: null }])
  })

  it('names the item and field of a bad callback', () => {
    const error = validationOf(() =>
      parseCallbackBody([
        { logId: 1, handleCode: 200 },
        { logId: 2, handleCode: '500' },
      ]),
    )
    expect(error).toMatchObject({ field: 'callbackList[1].handleCode', code: 'validation.type', params: { expected: 'number', got: '"500"' } })
    expect(validationOf(() => parseCallbackBody({ list: [] })).field).toBe('callbackList')
  })

  it("takes one executor: an app name by the group editor's rule and one absolute http(s) address", () => {
    const body = { registryGroup: 'EXECUTOR', registryKey: 'billing-app', registryValue: 'http://127.0.0.1:9999/' }
    expect(parseRegistryParam(body)).toEqual(body)
    expect(parseRegistryParam({ ...body, registryKey: ' billing-app ', registryValue: ' http://127.0.0.1:9999/ ' })).toEqual(body)
    const problem = (patch: Record<string, unknown>) => validationOf(() => parseRegistryParam({ ...body, ...patch }))
    expect(problem({ registryKey: ' ' })).toMatchObject({ field: 'registryKey', code: 'validation.appName', params: { got: '""' } })
    expect(problem({ registryKey: 'bad\u0007name' }).field).toBe('registryKey')
    expect(problem({ registryKey: '<b>app</b>' }).field).toBe('registryKey')
    expect(problem({ registryKey: 'jobdesk-embedded' })).toMatchObject({
      field: 'registryKey',
      message: "'jobdesk-embedded' is reserved for JobDesk's embedded executor",
    })
    expect(problem({ registryValue: 9 }).field).toBe('registryValue')
    const address = (problem: string) => ({ field: 'registryValue', code: 'validation.address', params: { problem } })
    expect(problem({ registryValue: 'http://10.0.0.5:9999/,http://10.0.0.6:9999/' })).toMatchObject(address('oneAddress'))
    expect(problem({ registryValue: 'http://user:pw@10.0.0.5:9999/' })).toMatchObject(address('credentials'))
    expect(problem({ registryValue: 'jobdesk://embedded/' })).toMatchObject(address('notHttp'))
    expect(problem({ registryGroup: 'ADMIN' })).toMatchObject({ field: 'registryGroup', code: 'validation.oneOf', params: { values: ['EXECUTOR'] } })
  })

  it('refuses a run time without a calendar date (2^53 − 1 would name a NaN-NaN-NaN folder)', () => {
    expect(validationOf(() => parseLogRequest({ logId: 1, logDateTime: Number.MAX_SAFE_INTEGER, fromLineNum: 1 }))).toMatchObject({
      field: 'logDateTime',
      code: 'validation.tooLarge',
      params: { max: 253402300799999 },
    })
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, logDateTime: Number.MAX_SAFE_INTEGER })).field).toBe('logDateTime')
  })

  it('quotes a bad value only in part, so a huge field makes a short message', () => {
    const message = validationOf(() => parseTriggerParam({ ...capturedTrigger, jobId: 'x'.repeat(4_000_000) })).message
    expect(message.length).toBeLessThan(300)
    expect(message).toContain('(4000000 characters)')
  })

  it('reports malformed JSON and treats an empty body as absent', () => {
    expect(parseJsonText('')).toBeUndefined()
    expect(parseJsonText('""')).toBe('')
    expect(validationOf(() => parseJsonText('{"jobId":'))).toMatchObject({ field: 'body', code: 'wire.malformedJson' })
  })
})
