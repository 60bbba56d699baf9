import { parse, stringify } from 'yaml'
import { describe, expect, it } from 'vitest'
import type { DefinitionDocument } from '../../../../shared/schema/definition-files'
import { definitionYaml, documentOf } from './definition-yaml'

const schedule = { cron: '0 0 2 * * ?', timezone: 'Asia/Shanghai' }
const documents: DefinitionDocument[] = [
  { kind: 'Group', name: 'billing' },
  { kind: 'Job', name: 'report', group: 'billing', handler: 'reportHandler', schedule },
  { kind: 'Job', name: 'report', group: 'other', handler: 'reportHandler' },
  { kind: 'Flow', name: 'report', nodes: [{ key: 'a', job: 'report' }], schedule },
]

describe('documentOf', () => {
  it('picks the object’s own document by kind and key, whatever else the export brought', () => {
    expect(documentOf(documents, { kind: 'Job', key: 'billing/report' })).toBe(documents[1])
    expect(documentOf(documents, { kind: 'Job', key: 'other/report' })).toBe(documents[2])
    expect(documentOf(documents, { kind: 'Flow', key: 'report' })).toBe(documents[3])
    expect(documentOf(documents, { kind: 'Group', key: 'billing' })).toBe(documents[0])
    expect(documentOf(documents, { kind: 'Job', key: 'billing/gone' })).toBeUndefined()
  })
})

describe('definitionYaml', () => {
  it('writes the document whole: long lines unfolded, shared objects without anchors', () => {
    const param = `--from ${'x'.repeat(200)}`
    const job: DefinitionDocument = { kind: 'Job', name: 'report', group: 'billing', handler: 'h', param, schedule, retry: { count: 2 } }
    const text = definitionYaml(job)
    expect(text.startsWith('kind: Job\nname: report\ngroup: billing\n')).toBe(true)
    expect(text).toContain(`param: ${param}\n`)
    expect(parse(text)).toEqual(job)

    // An answer may hold one object twice (structured clone keeps shared references): two plain copies, no anchor.
    const node = { key: 'a', job: 'report' }
    const flow: DefinitionDocument = { kind: 'Flow', name: 'f', nodes: [node, node] }
    expect(stringify(flow)).toContain('&a1')
    expect(definitionYaml(flow)).not.toMatch(/[&*]a1/)
  })
})
