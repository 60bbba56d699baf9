import { describe, expect, it } from 'vitest'
import { encodeReply, payloadOf, readEnvelope, toEnvelope } from './envelope'

describe('toEnvelope', () => {
  it('writes a plain success as {code:200} in G1 and with msg "Success" in G2/G3', () => {
    expect(encodeReply({ code: 200, msg: null }, 'g1')).toBe('{"code":200}')
    expect(encodeReply({ code: 200, msg: null }, 'g2')).toBe('{"code":200,"msg":"Success"}')
    expect(encodeReply({ code: 200 }, 'g3')).toBe('{"code":200,"msg":"Success"}')
    expect(encodeReply({ code: 200 }, 'both')).toBe('{"code":200,"msg":"Success"}')
  })

  it('puts a success text in msg for G1 and in data for G2/G3, whichever field the core used', () => {
    for (const reply of [
      { code: 200, msg: 'job thread already killed.' },
      { code: 200, msg: null, data: 'job thread already killed.' },
    ]) {
      expect(toEnvelope(reply, 'g1')).toEqual({ code: 200, msg: 'job thread already killed.' })
      expect(toEnvelope(reply, 'g2')).toEqual({ code: 200, msg: 'Success', data: 'job thread already killed.' })
      expect(toEnvelope(reply, 'g3')).toEqual({ code: 200, msg: 'Success', data: 'job thread already killed.' })
      expect(toEnvelope(reply, 'both')).toEqual({
        code: 200,
        msg: 'job thread already killed.',
        data: 'job thread already killed.',
        content: 'job thread already killed.',
      })
    }
  })

  it('carries an object payload in content (G1), data (G2/G3) or both', () => {
    const page = { fromLineNum: 1, toLineNum: 0, logContent: 'x', isEnd: true }
    expect(toEnvelope({ code: 200, msg: null, data: page }, 'g1')).toEqual({ code: 200, content: page })
    expect(toEnvelope({ code: 200, msg: null, data: page }, 'g3')).toEqual({ code: 200, msg: 'Success', data: page })
    expect(toEnvelope({ code: 200, msg: null, data: page }, 'both')).toEqual({ code: 200, msg: 'Success', data: page, content: page })
  })

  it('writes failures as {code,msg} in every style', () => {
    for (const style of ['g1', 'g2', 'g3', 'both'] as const) {
      expect(encodeReply({ code: 500, msg: 'The access token is wrong.' }, style)).toBe('{"code":500,"msg":"The access token is wrong."}')
    }
    expect(encodeReply({ code: 502, msg: null }, 'g2')).toBe('{"code":502}')
  })
})

describe('payloadOf and readEnvelope', () => {
  it('reads data first, then content', () => {
    expect(payloadOf({ data: 1, content: 2 })).toBe(1)
    expect(payloadOf({ content: 2 })).toBe(2)
    expect(payloadOf({ data: null, content: null })).toBeNull()
  })

  it('reads every generation’s envelope into the same reply', () => {
    expect(readEnvelope({ code: 200, content: { a: 1 } })).toEqual({ code: 200, msg: null, data: { a: 1 } })
    expect(readEnvelope({ code: 200, msg: 'Success', data: { a: 1 } })).toEqual({ code: 200, msg: 'Success', data: { a: 1 } })
    expect(readEnvelope({ code: 200, msg: null, content: null })).toEqual({ code: 200, msg: null, data: null })
  })

  it('refuses what is not an envelope', () => {
    expect(readEnvelope(null)).toBeNull()
    expect(readEnvelope([{ code: 200 }])).toBeNull()
    expect(readEnvelope({ code: '200' })).toBeNull()
    expect(readEnvelope({ msg: 'x' })).toBeNull()
  })
})
