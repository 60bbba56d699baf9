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
    expect(error.field).toBe('jobId')
    expect(error.message).toBe('jobId: must be a whole number, got the string "1"')
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, logId: 1.5 })).message).toContain('logId: must be a whole number')
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, glueSource: 3 })).message).toBe('glueSource: must be a string or null, got the number 3')
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, glueType: undefined })).field).toBe('glueType')
    expect(validationOf(() => parseTriggerParam({ ...capturedTrigger, broadcastIndex: 3 })).message).toContain('below broadcastTotal (3)')
    expect(validationOf(() => parseTriggerParam([capturedTrigger])).message).toContain('must be a JSON object, got an array')
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
    expect(validationOf(() => parseJobIdBody(undefined)).message).toContain('must be a JSON object')
    expect(validationOf(() => parseJobIdBody({ jobId: null })).message).toBe('jobId: is required (a whole number)')
  })

  it('reads a G1/G2 bare array and a G3 callbackList alike', () => {
    const g1 = parseCallbackBody([{ logId: 1001, logDateTim: 17, handleCode: 200, handleMsg: 'demo ok' }])
    const g3 = parseCallbackBody({ callbackList: [{ logId: 1001, logDateTime: 17, handleCode: 200, handleMsg: 'demo ok' }] })
    expect(g1).toEqual([{ logId: 1001, logDateTime: 17, handleCode: 200, handleMsg: 'demo ok' }])
    expect(g3).toEqual(g1)
    expect(parseCallbackBody([{ logId: 1, handleCode: 500 }])).toEqual([{ logId: 1, logDateTime: 0, handleCode: 500, handleMsg: null }])
  })

  it('names the item and field of a bad callback', () => {
    const error = validationOf(() => parseCallbackBody([{ logId: 1, handleCode: 200 }, { logId: 2, handleCode: '500' }]))
    expect(error.field).toBe('callbackList[1].handleCode')
    expect(error.message).toBe('callbackList[1].handleCode: must be a whole number, got the string "500"')
    expect(validationOf(() => parseCallbackBody({ list: [] })).field).toBe('callbackList')
  })

  it('requires the three registry fields to be non-blank strings', () => {
    const body = { registryGroup: 'EXECUTOR', registryKey: 'app', registryValue: 'http://127.0.0.1:9999/' }
    expect(parseRegistryParam(body)).toEqual(body)
    expect(validationOf(() => parseRegistryParam({ ...body, registryKey: ' ' })).message).toBe('registryKey: must not be blank')
    expect(validationOf(() => parseRegistryParam({ ...body, registryValue: 9 })).field).toBe('registryValue')
  })

  it('reports malformed JSON and treats an empty body as absent', () => {
    expect(parseJsonText('')).toBeUndefined()
    expect(parseJsonText('""')).toBe('')
    expect(validationOf(() => parseJsonText('{"jobId":')).message).toMatch(/^body: malformed JSON \(/)
  })
})
