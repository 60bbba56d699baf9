import { describe, expect, it } from 'vitest'
import { NotFoundError, ValidationError } from '../../../shared/errors'
import { buildExport } from './build-export'
import { JOB_FIELDS } from './export-document'
import { group, job, NOW_MS, sampleState } from './import-export.fixtures'

describe('buildExport', () => {
  it('writes a versioned document with every group, job and link, sorted', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    expect(doc.format).toBe('jobdesk.jobs')
    expect(doc.version).toBe(1)
    expect(doc.exportedAtMs).toBe(NOW_MS)
    expect(doc.groups.map((g) => g.appName)).toEqual(['billing', 'jobdesk-embedded', 'spare'])
    expect(doc.jobs.map((j) => [j.key, j.appName, j.name])).toEqual([
      ['1', 'jobdesk-embedded', 'nightly-report'],
      ['2', 'billing', 'send-invoices'],
      ['3', 'jobdesk-embedded', 'cleanup'],
      ['5', 'jobdesk-embedded', 'notify'],
    ])
    expect(doc.links).toEqual([
      { parentKey: '1', childKey: '2', condition: 'SUCCESS' },
      { parentKey: '1', childKey: '5', condition: 'ALWAYS' },
      { parentKey: '2', childKey: '3', condition: 'FAILURE' },
    ])
  })

  it('carries every job field, the trigger status as enabled, and no runtime state', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    for (const exported of doc.jobs) {
      const source = state.jobs.find((j) => String(j.id) === exported.key)!
      for (const field of JOB_FIELDS) expect(exported[field], field).toEqual(source[field])
      expect(exported.enabled).toBe(source.triggerStatus === 1)
      expect(Object.keys(exported).sort()).toEqual([...JOB_FIELDS, 'key', 'appName', 'enabled'].sort())
    }
    expect(doc.jobs[0].executorParam).toBe('  --full  ')
  })

  it('leaves out access tokens, protocol generations and automatic address lists', () => {
    const doc = buildExport({ ...sampleState(), nowMs: NOW_MS })
    const text = JSON.stringify(doc)
    expect(text).not.toContain('secret-token')
    expect(text).not.toContain('accessToken')
    expect(text).not.toContain('protocolGeneration')
    expect(doc.groups.find((g) => g.appName === 'spare')).toEqual({ appName: 'spare', name: 'spare executors', addressType: 0, addressList: '' })
    expect(doc.groups.find((g) => g.appName === 'billing')?.addressList).toBe('http://10.0.0.5:9999,http://10.0.0.6:9999')
  })

  it('exports a selection with the groups it uses and only the links between selected jobs', () => {
    const doc = buildExport({ ...sampleState(), jobIds: [3, 2], nowMs: NOW_MS })
    expect(doc.jobs.map((j) => j.key)).toEqual(['2', '3'])
    expect(doc.groups.map((g) => g.appName)).toEqual(['billing', 'jobdesk-embedded'])
    expect(doc.links).toEqual([{ parentKey: '2', childKey: '3', condition: 'FAILURE' }])
  })

  it('exports an empty selection as an empty document', () => {
    const doc = buildExport({ ...sampleState(), jobIds: [], nowMs: NOW_MS })
    expect([doc.groups, doc.jobs, doc.links]).toEqual([[], [], []])
  })

  it('names selected jobs that do not exist', () => {
    const run = () => buildExport({ ...sampleState(), jobIds: [1, 40, 41], nowMs: NOW_MS })
    expect(run).toThrow(ValidationError)
    expect(run).toThrow(expect.objectContaining({ field: 'jobIds', code: 'export.jobsMissing', params: { ids: [40, 41] } }))
  })

  it('refuses a job whose group is missing instead of writing a dangling reference', () => {
    const run = () => buildExport({ groups: [group(1, 'a')], jobs: [job(7, 2, 'orphan')], links: [], nowMs: NOW_MS })
    expect(run).toThrow(NotFoundError)
    expect(run).toThrow(expect.objectContaining({ code: 'export.groupMissing', params: { groupId: 2, jobId: 7 } }))
  })

  it('gives the same text for the same data in any order', () => {
    const state = sampleState()
    const shuffled = { groups: [...state.groups].reverse(), jobs: [...state.jobs].reverse(), links: [...state.links].reverse() }
    expect(JSON.stringify(buildExport({ ...shuffled, nowMs: NOW_MS }))).toBe(JSON.stringify(buildExport({ ...state, nowMs: NOW_MS })))
  })
})
