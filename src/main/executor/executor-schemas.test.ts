import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { parseInput } from '../../shared/schema/parse-input'
import { readTriggerParam, triggerParamSchema } from './executor-schemas'

const normalizeTriggerParam = (input: unknown) => parseInput(triggerParamSchema, input, 'triggerParam')

const wire = {
  jobId: 1,
  executorHandler: 'demoJobHandler',
  executorParams: 'hello',
  executorBlockStrategy: 'SERIAL_EXECUTION',
  executorTimeout: 0,
  logId: 1001,
  logDateTime: 1796014204713,
  glueType: 'BEAN',
  glueSource: null,
  glueUpdatetime: 1796014204713,
  broadcastIndex: 1,
  broadcastTotal: 3,
}

describe('the trigger schema of the embedded executor and the wire', () => {
  it('accepts the captured XXL-JOB trigger body unchanged', () => {
    expect(normalizeTriggerParam(wire)).toEqual(wire)
  })

  it('fills the fields third-party admins leave out or send as null', () => {
    const param = normalizeTriggerParam({ jobId: 2, logId: 3, logDateTime: 4, glueType: 'GLUE_SHELL', executorHandler: null, executorParams: null })
    expect(param).toMatchObject({
      executorHandler: '',
      executorParams: '',
      executorBlockStrategy: 'SERIAL_EXECUTION',
      broadcastIndex: 0,
      broadcastTotal: 1,
      glueUpdatetime: 0,
    })
  })

  it('names the field and the rule when a value is wrong', () => {
    const failure = (input: unknown) => {
      try {
        normalizeTriggerParam(input)
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError)
        return error as ValidationError
      }
      throw new Error('expected a ValidationError')
    }
    expect(failure({ ...wire, jobId: '1' })).toMatchObject({ field: 'jobId', code: 'validation.type', params: { expected: 'number', got: '"1"' } })
    expect(failure({ ...wire, logId: undefined })).toMatchObject({ field: 'logId', code: 'validation.required' })
    expect(failure({ ...wire, executorTimeout: -1 })).toMatchObject({ field: 'executorTimeout', code: 'validation.tooSmall', params: { min: 0, got: '-1' } })
    // A cross-field rule has no code of its own; its text names the other field.
    expect(failure({ ...wire, broadcastIndex: 3 })).toMatchObject({ field: 'broadcastIndex', message: 'must be below broadcastTotal (3), got 3' })
    expect(failure({ ...wire, executorParams: 5 })).toMatchObject({ field: 'executorParams', code: 'validation.type', params: { expected: 'string' } })
    expect(failure({ ...wire, glueType: '' })).toMatchObject({ field: 'glueType', code: 'validation.required' })
    expect(failure(null)).toMatchObject({ field: 'triggerParam', code: 'validation.type', params: { expected: 'object', got: 'null' } })
  })
})

describe('the fast read of a trigger param', () => {
  const outcome = (read: () => unknown) => {
    try {
      return { value: read() }
    } catch (error) {
      return { error: (error as Error).message }
    }
  }
  // Values near every rule's edge, of every JSON type: the fast pass must never accept what the schema would not, nor change what it returns.
  const anyValue = fc.oneof(
    fc.constantFrom(
      undefined,
      null,
      0,
      1,
      2,
      3,
      -1,
      1.5,
      253_402_300_799_999,
      253_402_300_800_000,
      Number.MAX_SAFE_INTEGER + 1,
      '',
      '1',
      'x'.repeat(64),
      'x'.repeat(65),
      'x'.repeat(256),
      true,
      [],
      {},
    ),
    fc.string(),
    fc.integer(),
  )
  const fields = Object.keys(wire).concat('logDateTim')

  it('returns what the schema returns, and refuses what it refuses, with its words', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: 4 }), fc.boolean(), (changes, fromWire) => {
        const input = fromWire ? { ...wire, ...changes } : changes
        expect(outcome(() => readTriggerParam(input, 'triggerParam'))).toEqual(outcome(() => normalizeTriggerParam(input)))
      }),
      { numRuns: 3000 },
    )
  })

  it('drops fields it does not know, as the schema does', () => {
    expect(readTriggerParam({ ...wire, extra: 1, logDateTim: 5 }, 'body')).toEqual(wire)
  })
})

describe("JobDesk's own trigger fields for secrets", () => {
  it('keeps maskValues and env, and drops a field it does not know', () => {
    const param = readTriggerParam({ ...wire, maskValues: ['s3cret'], env: { DB_PASS: 's3cret' }, somethingElse: 1 }, 'triggerParam')
    expect(param).toEqual({ ...wire, maskValues: ['s3cret'], env: { DB_PASS: 's3cret' } })
  })

  it.each([
    ['an env name that is no variable name', { env: { 'DB PASS': 'x' } }],
    ['an empty value to mask', { maskValues: [''] }],
    ['too many variables', { env: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`V${i}`, 'x'])) }],
  ])('refuses %s', (_what, extra) => {
    expect(() => readTriggerParam({ ...wire, ...extra }, 'triggerParam')).toThrow(ValidationError)
  })
})

describe("JobDesk's own trigger field for an LLM step's provider", () => {
  const llm = { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:0.5b', timeoutSec: 60, maxTokens: 256 }

  it('keeps the provider, with or without a key, past the fast path', () => {
    expect(readTriggerParam({ ...wire, llm }, 'triggerParam')).toEqual({ ...wire, llm })
    const keyed = { ...llm, apiKey: 'sk-1' }
    expect(readTriggerParam({ ...wire, llm: keyed, maskValues: ['sk-1'] }, 'triggerParam')).toEqual({ ...wire, llm: keyed, maskValues: ['sk-1'] })
  })

  it.each([
    ['a base URL that is not http', { ...llm, baseUrl: 'file:///etc/passwd' }],
    ['no model', { ...llm, model: '' }],
    ['a timeout of 0', { ...llm, timeoutSec: 0 }],
    ['an empty key', { ...llm, apiKey: '' }],
  ])('refuses %s', (_what, bad) => {
    expect(() => readTriggerParam({ ...wire, llm: bad }, 'triggerParam')).toThrow(ValidationError)
  })
})
