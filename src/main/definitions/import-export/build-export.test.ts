import { NO_DEADLINES } from '../../../shared/deadline-terms'
import { describe, expect, it } from 'vitest'
import { NotFoundError, ValidationError } from '../../../shared/errors'
import { buildExport } from './build-export'
import { JOB_FIELDS } from './export-document'
import { group, job, monthEndFlow, NOW_MS, sampleState } from './import-export.fixtures'

describe('buildExport', () => {
  it('writes a versioned document with every group, job, link and flow, sorted', () => {
    const state = sampleState()
    const doc = buildExport({ ...state, nowMs: NOW_MS })
    expect(doc.format).toBe('jobdesk.jobs')
    expect(doc.version).toBe(2)
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
    expect(doc.flows.map((f) => f.name)).toEqual(['audit-sign-off', 'month-end'])
  })

  it("carries a flow's settings, whether it was active, and its graph with job nodes naming their job by key", () => {
    const doc = buildExport({ ...sampleState(), nowMs: NOW_MS })
    expect(doc.flows[1]).toEqual({
      name: 'month-end',
      description: 'Invoices after the report, once signed off',
      scheduleType: 'CRON',
      scheduleConf: '0 0 6 1 * ?',
      timezone: 'Europe/Berlin',
      calendar: null,
      calendarRule: 'BUSINESS_DAYS',
      calendarRoll: 'SKIP',
      misfireStrategy: 'FIRE_ONCE_NOW',
      maxActiveRuns: 2,
      overlap: 'QUEUE',
      timeoutSec: 7200,
      alarmEmail: 'ops@example.com',
      alarmAfterFailures: null,
      alarmQuietSec: null,
      param: 'month=current',
      ...NO_DEADLINES,
      active: true,
      nodes: [
        { kind: 'job', key: 'report', jobKey: '1', triggerRule: 'all_success' },
        { kind: 'approval', key: 'sign-off', prompt: 'Send the invoices?', timeoutSec: 86_400, triggerRule: 'all_success' },
        { kind: 'job', key: 'invoices', jobKey: '2', param: '${nodes.report.output} ${flow.param}', triggerRule: 'all_done' },
      ],
      edges: [
        { from: 'report', to: 'sign-off' },
        { from: 'sign-off', to: 'invoices' },
      ],
    })
    // No ids, runs or schedule bookkeeping: the importing install has its own.
    expect(doc.flows[0]).toMatchObject({ name: 'audit-sign-off', active: false })
    for (const exported of doc.flows) {
      for (const field of ['id', 'triggerStatus', 'triggerNextTimeMs', 'triggerLastTimeMs', 'addTimeMs', 'updateTimeMs'])
        expect(exported).not.toHaveProperty(field)
    }
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
    // month-end also runs job 1, which is not selected.
    expect(doc.flows).toEqual([])
  })

  it('exports with a selection the flows whose every job node is selected, and no flow of approvals only', () => {
    const state = sampleState()
    state.flows.push(monthEndFlow(7, 1, 5, { name: 'month-end-notify' }))
    expect(buildExport({ ...state, jobIds: [1, 2], nowMs: NOW_MS }).flows.map((f) => f.name)).toEqual(['month-end'])
    expect(buildExport({ ...state, jobIds: [5, 2, 1], nowMs: NOW_MS }).flows.map((f) => f.name)).toEqual(['month-end', 'month-end-notify'])
  })

  it('exports an empty selection as an empty document', () => {
    const doc = buildExport({ ...sampleState(), jobIds: [], nowMs: NOW_MS })
    expect([doc.groups, doc.jobs, doc.links, doc.flows]).toEqual([[], [], [], []])
  })

  it('names selected jobs that do not exist', () => {
    const run = () => buildExport({ ...sampleState(), jobIds: [1, 40, 41], nowMs: NOW_MS })
    expect(run).toThrow(ValidationError)
    expect(run).toThrow(expect.objectContaining({ field: 'jobIds', code: 'export.jobsMissing', params: { ids: [40, 41] } }))
  })

  it('refuses a job whose group is missing instead of writing a dangling reference', () => {
    const run = () => buildExport({ groups: [group(1, 'a')], jobs: [job(7, 2, 'orphan')], links: [], flows: [], nowMs: NOW_MS })
    expect(run).toThrow(NotFoundError)
    expect(run).toThrow(expect.objectContaining({ code: 'export.groupMissing', params: { groupId: 2, jobId: 7 } }))
  })

  it('refuses a flow whose job is missing instead of writing a key that names no job', () => {
    const run = () => buildExport({ groups: [group(1, 'a')], jobs: [job(7, 1, 'kept')], links: [], flows: [monthEndFlow(1, 7, 8)], nowMs: NOW_MS })
    expect(run).toThrow(NotFoundError)
    expect(run).toThrow(expect.objectContaining({ code: 'export.flowJobMissing', params: { flow: 'month-end', jobId: 8 } }))
  })

  it('gives the same text for the same data in any order', () => {
    const state = sampleState()
    const shuffled = {
      groups: [...state.groups].reverse(),
      jobs: [...state.jobs].reverse(),
      links: [...state.links].reverse(),
      flows: [...state.flows].reverse(),
    }
    expect(JSON.stringify(buildExport({ ...shuffled, nowMs: NOW_MS }))).toBe(JSON.stringify(buildExport({ ...state, nowMs: NOW_MS })))
  })
})
