import { describe, expect, it } from 'vitest'
import { cutOutput, referencesOf } from './flow-params'

describe('referencesOf', () => {
  it('names the nodes once each in order of mention, and whether the flow parameter is used', () => {
    expect(referencesOf('${nodes.b.output} ${nodes.a.output} ${nodes.b.output} ${flow.param}')).toEqual({
      nodes: ['b', 'a'],
      flowParam: true,
      unknown: [],
    })
    expect(referencesOf('plain')).toEqual({ nodes: [], flowParam: false, unknown: [] })
  })

  it('calls every other ${…} unknown, as written', () => {
    expect(referencesOf('${HOME} ${flow.params} ${nodes.a.result} ${nodes..output} ${nodes.a.b.output} ${} ${ flow.param } ${HOME}')).toEqual({
      nodes: [],
      flowParam: false,
      unknown: ['${HOME}', '${flow.params}', '${nodes.a.result}', '${nodes..output}', '${nodes.a.b.output}', '${}', '${ flow.param }'],
    })
  })

  it('leaves a lone $, a ${ without }, and braces without $ as plain text', () => {
    expect(referencesOf('cost $5, ${unclosed, {flow.param}, $ {flow.param}')).toEqual({ nodes: [], flowParam: false, unknown: [] })
    // The innermost complete reference counts; the outer `${a` and `}` are text.
    expect(referencesOf('${a${flow.param}}')).toEqual({ nodes: [], flowParam: true, unknown: [] })
  })

  it('names a key even when it is not a valid key, so validation can say which node is meant', () => {
    expect(referencesOf('${nodes.Extract.output}').nodes).toEqual(['Extract'])
  })
})

describe('cutOutput', () => {
  it('keeps a short output and says it was not cut', () => {
    expect(cutOutput('done')).toEqual({ output: 'done', cutFromBytes: null })
    expect(cutOutput('')).toEqual({ output: '', cutFromBytes: null })
  })

  it('cuts a long one to the byte limit without splitting an emoji, and gives its length before', () => {
    const text = 'a' + '😀'.repeat(1500) // 1 + 6000 bytes
    const { output, cutFromBytes } = cutOutput(text)
    expect(cutFromBytes).toBe(6001)
    expect(output).toBe('a' + '😀'.repeat(1023))
    expect(Buffer.byteLength(output)).toBe(4093)
  })
})
