import { describe, expect, it } from 'vitest'
import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { cutOutput, referencesOf, resolveParam } from './flow-params'

const outputs: Record<string, string> = { extract: 'rows=42', load: '' }
const sources = { flowParam: '2030-06-15', outputOf: (key: string) => outputs[key] }

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

describe('resolveParam', () => {
  it('puts in outputs and the flow parameter', () => {
    expect(resolveParam('--date=${flow.param} --rows="${nodes.extract.output}"', sources)).toEqual({
      value: '--date=2030-06-15 --rows="rows=42"',
      cut: [],
    })
  })

  it('gives an unknown node, or a node without output, as empty text', () => {
    expect(resolveParam('[${nodes.load.output}][${nodes.nowhere.output}]', sources).value).toBe('[][]')
  })

  it('leaves text, a lone $ and unknown forms as they are, and puts values in verbatim (no $ patterns, no second pass)', () => {
    expect(resolveParam('$HOME ${HOME} ${ ${flow.param}', { flowParam: '$& $1 $$ ${flow.param}', outputOf: () => undefined }).value).toBe(
      '$HOME ${HOME} ${ $& $1 $$ ${flow.param}',
    )
  })

  it('cuts a value over FLOW_VALUE_MAX_BYTES bytes on a character boundary and says so, once per reference', () => {
    const long = '中'.repeat(2000) // 6000 bytes
    const result = resolveParam('${nodes.big.output}|${nodes.big.output}|${flow.param}', { flowParam: 'x'.repeat(5000), outputOf: () => long })
    const [first, second, third] = result.value.split('|')
    expect(first).toBe('中'.repeat(Math.floor(FLOW_VALUE_MAX_BYTES / 3)))
    expect(second).toBe(first)
    expect(third).toBe('x'.repeat(FLOW_VALUE_MAX_BYTES))
    expect(result.cut).toEqual([
      { ref: '${nodes.big.output}', fromBytes: 6000 },
      { ref: '${flow.param}', fromBytes: 5000 },
    ])
  })

  it('does not cut a value of exactly the limit', () => {
    expect(resolveParam('${flow.param}', { flowParam: 'é'.repeat(FLOW_VALUE_MAX_BYTES / 2), outputOf: () => undefined }).cut).toEqual([])
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
