import { expect, it } from 'vitest'
import type { ParamDecl } from '../../../src/shared/job-params'
import { newRun } from '../../support/new-run'
import { flow } from './flow-fixture'
import { addGroup, addJob, storeSuite } from './store-fixture'

/**
 * Typed parameters (migration 0031) on every engine: a job's and a flow's declaration, format and
 * template read back as written (none declared: none read), and a run's typed values kept with it.
 */
const PARAMS: ParamDecl[] = [
  { name: 'day', type: 'date', required: true, default: '2026-01-01', enum: [], pattern: '', description: 'the business day — 营业日' },
  { name: 'region', type: 'enum', required: false, default: null, enum: ['eu', 'us'], pattern: '', description: '' },
  { name: 'limit', type: 'int', required: false, default: 100, enum: [], pattern: '', description: '' },
  { name: 'code', type: 'string', required: false, default: null, enum: [], pattern: '[A-Z]{3}', description: '' },
]

storeSuite('typed parameters', (f) => {
  it("stores a job's params, format and template and reads them back; a job without reads none", async () => {
    const group = await addGroup(f.store)
    const template = '{"day": "${params.day}", "n": ${params.limit}}'
    const id = await addJob(f.store, group, { params: PARAMS, paramFormat: 'template', paramTemplate: template })
    expect(await f.store.jobs.get(id)).toMatchObject({ params: PARAMS, paramFormat: 'template', paramTemplate: template })
    const plain = (await f.store.jobs.get(await addJob(f.store, group, { name: 'plain' })))!
    expect(['params', 'paramFormat', 'paramTemplate'].filter((field) => field in plain)).toEqual([])
  })

  it("stores a flow's params and format", async () => {
    const id = await f.store.flows.insert(flow('typed', { params: PARAMS, paramFormat: 'kv' }))
    expect(await f.store.flows.get(id)).toMatchObject({ params: PARAMS, paramFormat: 'kv' })
    const plain = (await f.store.flows.get(await f.store.flows.insert(flow('plain'))))!
    expect('params' in plain).toBe(false)
  })

  it("keeps a run's typed values; a run without has none", async () => {
    const values = { day: '2026-12-07', limit: 5, dry: true, db: '${secrets.oracle_pw}' }
    const typed = (await f.store.runs.insert(newRun({ typedParams: JSON.stringify(values) }), 'n'))!
    const plain = (await f.store.runs.insert(newRun({ triggerTimeMs: 1_767_225_600_001 }), 'n'))!
    expect((await f.store.runs.get(typed))!.typedParams).toEqual(values)
    expect((await f.store.runs.get(plain))!.typedParams).toBeUndefined()
  })
})
