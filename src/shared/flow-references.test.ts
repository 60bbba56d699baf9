import { describe, expect, it } from 'vitest'
import {
  layoutParam,
  placementMessage,
  placementMessages,
  readReference,
  readsParamAsRequest,
  referencesIn,
  referencesOf,
  renameOutputReferences,
} from './flow-references'

const places = (template: string) => layoutParam(template).placed.map((at) => [at.ref, at.place])

describe('readReference and referencesIn', () => {
  it('knows a node output and the flow parameter, and nothing else', () => {
    expect(readReference('nodes.extract.output')).toEqual({ kind: 'nodeOutput', key: 'extract' })
    expect(readReference('flow.param')).toEqual({ kind: 'flowParam' })
    for (const inner of ['HOME', 'flow.params', 'nodes.a.result', 'nodes..output', ' flow.param ']) expect(readReference(inner)).toBeNull()
  })

  it('finds each ${…} with where it stands; in ${a${flow.param}} only the inner one', () => {
    expect(referencesIn('x ${a${flow.param}}').map(({ ref, start, end }) => [ref, start, end])).toEqual([['${flow.param}', 5, 18]])
  })
})

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

describe('renameOutputReferences', () => {
  it("renames only the references to that node's output, leaving look-alikes as written", () => {
    expect(renameOutputReferences('${nodes.a.output}/${nodes.ab.output}/$nodes.a.output/${nodes.a.outputs}/${nodes.a.output}', 'a', 'z')).toBe(
      '${nodes.z.output}/${nodes.ab.output}/$nodes.a.output/${nodes.a.outputs}/${nodes.z.output}',
    )
  })
})

describe('layoutParam', () => {
  it('reads a parameter that does not start with { or [ as text, every reference landing as text', () => {
    expect(layoutParam('--date=${flow.param} "${nodes.a.output}"')).toMatchObject({ format: 'text', problems: [] })
    expect(places(' x {"a":"${flow.param}"}')).toEqual([['${flow.param}', 'text']])
  })

  it('checks nothing in a parameter without flow references, JSON or not', () => {
    expect(layoutParam('{"broken": ${HOME}')).toEqual({ format: 'text', placed: [], problems: [] })
  })

  it('places references in string values and as whole values of a JSON parameter', () => {
    const layout = layoutParam(' {"url":"http://h/${nodes.a.output}?d=${flow.param}", "n": ${flow.param}, "l": [ ${nodes.b.output} ], "s": "\\"${flow.param}"}')
    expect(layout.format).toBe('json')
    expect(layout.problems).toEqual([])
    expect(layout.placed.map((at) => [at.ref, at.place])).toEqual([
      ['${nodes.a.output}', 'jsonString'],
      ['${flow.param}', 'jsonString'],
      ['${flow.param}', 'jsonValue'],
      ['${nodes.b.output}', 'jsonValue'],
      ['${flow.param}', 'jsonString'],
    ])
    expect(places('[${flow.param}]')).toEqual([['${flow.param}', 'jsonValue']])
  })

  it('refuses a reference in a key string or as a key, naming each', () => {
    expect(layoutParam('{"a-${flow.param}": 1, ${nodes.x.output}: "${nodes.y.output}"}').problems).toEqual([
      { kind: 'jsonKey', ref: '${flow.param}', offset: 4 },
      { kind: 'jsonKey', ref: '${nodes.x.output}', offset: 23 },
    ])
  })

  it('refuses a JSON parameter that is not JSON with each reference taken as a value, at the first bad character', () => {
    const cases: [string, number][] = [
      ['{"a": 1${flow.param}}', 7],
      ['{"a": ${flow.param}${flow.param}}', 19],
      ['{"a": "${flow.param}"', 21],
      ['{"a": "${flow.param}" "b": 1}', 22],
      ['[${flow.param}] trailing', 16],
      ['{"a": "\\q${flow.param}"}', 7],
      ['{"a": "tab\there ${flow.param}"}', 10],
      ['[${HOME}, ${flow.param}]', 1],
      ['{"a": tru, "b": "${flow.param}"}', 6],
    ]
    for (const [template, offset] of cases) expect(layoutParam(template).problems, template).toEqual([{ kind: 'jsonInvalid', ref: '${flow.param}', offset }])
  })

  it('refuses a reference that would choose where or how a request goes: a URL before its path, any scheme:// authority, a method', () => {
    const refused = (template: string) => layoutParam(template).problems.map(({ kind, ref }) => [kind, ref])
    for (const url of ['${flow.param}', 'http://${flow.param}/x', 'http://127.0.0.1:8${flow.param}', 'http:/${flow.param}', '${flow.param}://h/'])
      expect(refused(`{"url":"${url}"}`), url).toEqual([['requestTarget', '${flow.param}']])
    expect(refused('{"URL": ${flow.param}}')).toEqual([['requestTarget', '${flow.param}']])
    expect(refused('{"method":"${flow.param}"}')).toEqual([['requestTarget', '${flow.param}']])
    expect(refused('{"method": ${flow.param}}')).toEqual([['requestTarget', '${flow.param}']])
    expect(refused('{"data":"see https://h${flow.param}"}')).toEqual([])
    expect(refused('{"data":"https://h${flow.param}"}')).toEqual([['requestTarget', '${flow.param}']])
    // After the host, in the path, query or fragment, a value is a value.
    for (const url of ['http://h/${flow.param}', 'http://h?q=${flow.param}', 'http://h#${flow.param}', 'http:\\/\\/h\\/${flow.param}'])
      expect(refused(`{"url":"${url}"}`), url).toEqual([])
    expect(places('{"url":"http://h/${nodes.a.output}${flow.param}"}')).toEqual([
      ['${nodes.a.output}', 'jsonString'],
      ['${flow.param}', 'jsonString'],
    ])
  })

  it('refuses a text parameter with references for a handler that reads its parameter as a request', () => {
    expect(layoutParam('${flow.param}', true).problems).toEqual([{ kind: 'textRequest', ref: '${flow.param}', offset: 0 }])
    expect(layoutParam('${flow.param}', false).problems).toEqual([])
    expect(layoutParam('{"url":"http://h/${flow.param}"}', true).problems).toEqual([])
    expect(readsParamAsRequest({ glueType: 'BEAN', executorHandler: 'httpJobHandler' })).toBe(true)
    expect(readsParamAsRequest({ glueType: 'BEAN', executorHandler: 'echoJobHandler' })).toBe(false)
    expect(readsParamAsRequest({ glueType: 'GLUE_SHELL', executorHandler: 'httpJobHandler' })).toBe(false)
  })

  it('accepts the whole JSON grammar around references: nesting, numbers, literals, escapes, white space', () => {
    const template = '{ "a" : [ -1.5e+3 , 0 , true , false , null , { } , [ ] , "\\u00e9\\n" ] ,\n\t"b" : "${flow.param}" }'
    expect(layoutParam(template)).toMatchObject({ format: 'json', problems: [] })
  })
})

describe('placementMessage', () => {
  it('names the node and the reference, counting characters from 1', () => {
    expect(placementMessage({ kind: 'jsonKey', ref: '${flow.param}', offset: 2 }, 'call')).toEqual({
      code: 'flow.referenceAsKey',
      params: { node: 'call', ref: '${flow.param}', offset: 3 },
    })
    expect(placementMessage({ kind: 'jsonInvalid', ref: '${flow.param}', offset: 0 }, 'call').code).toBe('flow.referenceInInvalidJson')
  })

  it("gives a parameter's every placement problem so, the text one only for a handler that reads a request", () => {
    expect(placementMessages('{"${flow.param}": 1}', 'call')).toEqual([
      { code: 'flow.referenceAsKey', params: { node: 'call', ref: '${flow.param}', offset: 3 } },
    ])
    expect(placementMessages('--day=${flow.param}', 'call')).toEqual([])
    expect(placementMessages('--day=${flow.param}', 'call', true)).toEqual([
      { code: 'flow.referenceInTextRequest', params: { node: 'call', ref: '${flow.param}', offset: 7 } },
    ])
  })
})

describe("a node's artifact", () => {
  it('is named by the node and a flat artifact name; a name that could be a path is no reference', () => {
    expect(readReference('nodes.make.artifacts.report.csv')).toEqual({ kind: 'nodeArtifact', key: 'make', name: 'report.csv' })
    expect(readReference('nodes.make.artifacts.../jobdesk.db')).toBeNull()
    expect(readReference('nodes.make.artifacts.a/b')).toBeNull()
    expect(referencesOf('${nodes.make.artifacts.report.csv}')).toEqual({ nodes: ['make'], flowParam: false, unknown: [] })
  })
})
