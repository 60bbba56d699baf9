import { describe, expect, it } from 'vitest'
import { checkParamValue, checkParamValues, type ParamDecl } from './job-params'
import { formatParams, kvLineBreakProblems } from './job-params-format'
import { englishMessage } from './messages'
import { paramsProblems } from './schema/job-params'

function decl(name: string, type: ParamDecl['type'], extra: Partial<ParamDecl> = {}): ParamDecl {
  return { name, type, required: false, default: null, enum: [], pattern: '', description: '', ...extra }
}

describe('a value against its declaration', () => {
  it.each([
    ['int', '42', 42],
    ['int', 42, 42],
    ['int', ' -7 ', -7],
    ['number', '2.5', 2.5],
    ['number', 1e3, 1000],
    ['bool', 'true', true],
    ['bool', false, false],
    ['date', '2026-02-28', '2026-02-28'],
    ['date', '2024-02-29', '2024-02-29'],
    ['datetime', '2026-12-07T06:30', '2026-12-07T06:30'],
    ['datetime', '2026-12-07T23:59:59', '2026-12-07T23:59:59'],
    ['secret', 'oracle_pw', 'oracle_pw'],
    ['string', 'anything at all', 'anything at all'],
  ] as const)('%s %j is %j', (type, raw, value) => {
    expect(checkParamValue(decl('p', type), raw)).toEqual({ value })
  })

  it.each([
    ['int', '4.5', 'params.notInt'],
    ['int', 'x', 'params.notInt'],
    ['number', 'NaN', 'params.notNumber'],
    ['number', '1e999', 'params.notNumber'],
    ['bool', 'yes', 'params.notBool'],
    ['date', '2026-13-01', 'params.notDate'],
    ['date', '2026-02-30', 'params.notDate'],
    ['date', '2026-2-1', 'params.notDate'],
    ['datetime', '2026-12-07 06:30', 'params.notDatetime'],
    ['datetime', '2026-12-07T24:00', 'params.notDatetime'],
    ['secret', 'has-dash', 'params.notSecretName'],
    ['secret', '${secrets.x}', 'params.notSecretName'],
    ['string', 'pw=${secrets.x}', 'params.namesSecret'],
    ['enum', '${secrets.x}', 'params.namesSecret'],
    ['string', 7, 'params.notText'],
  ] as const)('%s %j is refused with %s', (type, raw, code) => {
    const checked = checkParamValue(decl('p', type), raw)
    expect('problem' in checked && checked.problem.code).toBe(code)
  })

  it('names the field and the value in English', () => {
    const checked = checkParamValue(decl('date', 'date'), '2026-13-01')
    if (!('problem' in checked)) throw new Error('accepted')
    expect(englishMessage(checked.problem.code, checked.problem.params)).toBe("date: '2026-13-01' is not a date (YYYY-MM-DD)")
  })

  it('checks an enum and a pattern', () => {
    const env = decl('env', 'enum', { enum: ['dev', 'prod'] })
    expect(checkParamValue(env, 'prod')).toEqual({ value: 'prod' })
    expect(checkParamValue(env, 'qa')).toMatchObject({ problem: { code: 'params.notInEnum', params: { allowed: 'dev, prod' } } })
    const code = decl('code', 'string', { pattern: '[A-Z]{3}' })
    expect(checkParamValue(code, 'ABC')).toEqual({ value: 'ABC' })
    // Whole-value match: a pattern found inside the value is not enough.
    expect(checkParamValue(code, 'xABCx')).toMatchObject({ problem: { code: 'params.patternMismatch' } })
  })
})

describe('the values of a trigger', () => {
  const decls = [decl('day', 'date', { required: true }), decl('limit', 'int', { default: 10 }), decl('note', 'string')]

  it('takes defaults, leaves out absent optional values, refuses unknown and missing ones', () => {
    expect(checkParamValues(decls, { day: '2026-12-07' })).toEqual({ values: { day: '2026-12-07', limit: 10 }, problems: [] })
    const { problems } = checkParamValues(decls, { limt: '5' })
    expect(problems.map((problem) => [problem.field, problem.code])).toEqual([
      ['limt', 'params.unknown'],
      ['day', 'params.missing'],
    ])
  })
})

describe('one parameter string', () => {
  const decls = [decl('day', 'date'), decl('limit', 'int'), decl('dry', 'bool'), decl('note', 'string'), decl('db', 'secret')]
  const values = { day: '2026-12-07', limit: 5, dry: true, note: 'a "quoted" note', db: 'oracle_pw' }

  it('json: an object with typed values, a secret as its reference', () => {
    const text = formatParams('json', decls, values)
    expect(JSON.parse(text)).toEqual({ day: '2026-12-07', limit: 5, dry: true, note: 'a "quoted" note', db: '${secrets.oracle_pw}' })
  })

  it('kv: name=value lines in declaration order', () => {
    expect(formatParams('kv', decls, values)).toBe('day=2026-12-07\nlimit=5\ndry=true\nnote=a "quoted" note\ndb=${secrets.oracle_pw}')
    expect(kvLineBreakProblems({ note: 'two\nlines', limit: 5 })).toEqual([{ field: 'note', code: 'params.kvLineBreak', params: { name: 'note' } }])
  })

  it('template: text as is; in JSON escaped in a string, typed alone as a value', () => {
    expect(formatParams('template', decls, values, '--day ${params.day} --limit=${params.limit}')).toBe('--day 2026-12-07 --limit=5')
    const json = formatParams('template', decls, values, '{"n": ${params.limit}, "dry": ${params.dry}, "msg": "note: ${params.note}", "missing": ${params.x}}')
    expect(JSON.parse(json)).toEqual({ n: 5, dry: true, msg: 'note: a "quoted" note', missing: null })
  })
})

describe('a declaration', () => {
  const codes = (fields: Parameters<typeof paramsProblems>[0], scheduled = false) =>
    paramsProblems(fields, scheduled).map((problem) => [problem.path.join('.'), problem.code])

  it('is refused for duplicate names, an empty enum, a bad pattern and a default of the wrong type', () => {
    const params = [decl('a', 'enum'), decl('a', 'string', { pattern: '(' }), decl('n', 'int', { default: 'x' })]
    expect(codes({ params })).toEqual([
      ['params.0.enum', 'params.enumEmpty'],
      ['params.1.name', 'params.duplicateName'],
      ['params.1.pattern', 'params.badPattern'],
      ['params.2.default', 'params.notInt'],
    ])
  })

  it('refuses a kv default that holds a line break', () => {
    expect(codes({ params: [decl('note', 'string', { default: 'a\nb' })], paramFormat: 'kv' })).toEqual([['params.0.default', 'params.kvLineBreak']])
    expect(codes({ params: [decl('note', 'string', { default: 'a\nb' })], paramFormat: 'json' })).toEqual([])
  })

  it('refuses a required parameter without a default only on a schedule', () => {
    const params = [decl('day', 'date', { required: true })]
    expect(codes({ params }, false)).toEqual([])
    expect(codes({ params }, true)).toEqual([['params.0.default', 'params.requiredScheduled']])
  })

  it('checks a template against the declared names and its JSON places', () => {
    const params = [decl('day', 'date')]
    expect(codes({ params, paramFormat: 'template' })).toEqual([['paramTemplate', 'params.templateRequired']])
    expect(codes({ params, paramFormat: 'template', paramTemplate: '${params.dya}' })).toEqual([['paramTemplate', 'params.templateUnknownParam']])
    expect(codes({ params, paramFormat: 'template', paramTemplate: '{${params.day}: 1}' })).toEqual([['paramTemplate', 'params.templateAsKey']])
    expect(codes({ params, paramFormat: 'template', paramTemplate: '{"day": "${params.day}"}' })).toEqual([])
  })
})
