import { describe, expect, it } from 'vitest'
import type { JobGroup, JobInfo } from '../../shared/model'
import { newGroup } from '../store/group-repo'
import { mapXxlSnapshot } from './map-xxl'
import { planXxlImport, type XxlImportState } from './plan-xxl-import'
import type { XxlGroupRow, XxlJobRow, XxlSnapshot } from './xxl-rows'
import { xxlJobRow } from './xxl-rows.fixtures'

const NOW_MS = Date.parse('2026-11-20T04:00:00Z')

const group = (id: number, appName: string, overrides: Partial<XxlGroupRow> = {}): XxlGroupRow => ({
  id,
  appName,
  name: appName,
  addressType: 0,
  addressList: '',
  accessToken: null,
  ...overrides,
})
const job = (id: number, jobGroup: number, overrides: Partial<XxlJobRow> = {}): XxlJobRow =>
  xxlJobRow({ id, jobGroup, name: `job ${id}`, handler: 'h', ...overrides })
const snapshot = (groups: XxlGroupRow[], jobs: XxlJobRow[]): XxlSnapshot => ({
  schema: {
    generation: '2.3-3.4',
    groupNameColumn: 'title',
    jobNameColumn: 'job_desc',
    scheduleColumns: 'schedule_type',
    groupTokens: false,
    glueHistory: true,
    runs: true,
    misfire: true,
  },
  groups,
  jobs,
  glue: [],
  runs: null,
  runsBeyondCap: 0,
})

const jobDeskGroup: JobGroup = { id: 1, ...newGroup('jobdesk-embedded', 'JobDesk', 0) }
const existingJob = { id: 40, jobGroup: 1, name: 'job 1', scheduleType: 'NONE', scheduleConf: '', timezone: 'UTC' } as JobInfo
const empty: XxlImportState = { groups: [jobDeskGroup], jobs: [], links: [] }

const plan = (snap: XxlSnapshot, current = empty, onConflict: 'skip' | 'rename' | 'replace' = 'skip') =>
  planXxlImport(mapXxlSnapshot(snap, 'UTC'), { current, nowMs: NOW_MS, onConflict, jobDeskOnlyGroupIds: new Set([1]) })

describe('planXxlImport', () => {
  it("refuses GLUE_GROOVY in a group whose executors are JobDesk's own, and imports it elsewhere", () => {
    const result = plan(
      snapshot(
        [group(1, 'jobdesk-embedded'), group(2, 'java-app')],
        [job(1, 1, { glueType: 'GLUE_GROOVY', glueSource: 'x' }), job(2, 2, { glueType: 'GLUE_GROOVY', glueSource: 'x' })],
      ),
    )
    expect(result.jobs.map((j) => [j.mapped.xxlId, j.action, j.notes.map((n) => n.code)])).toEqual([
      [1, 'refuse', ['xxl.groovyOnJobDesk']],
      [2, 'create', []],
    ])
    expect(result.groups.map((g) => [g.appName, g.action])).toEqual([
      ['jobdesk-embedded', 'keep'],
      ['java-app', 'create'],
    ])
  })

  it('leaves out the link that closes a cycle XXL-JOB allowed, and keeps the others', () => {
    const result = plan(snapshot([group(2, 'java-app')], [job(1, 2, { childJobIds: '2' }), job(2, 2, { childJobIds: '3' }), job(3, 2, { childJobIds: '1' })]))
    expect(result.links.set).toBe(2)
    expect(result.links.dropped.map((l) => [l.parentXxlId, l.childXxlId, l.note.code])).toEqual([[3, 1, 'xxl.childCycle']])
    expect(result.importPlan.linksToSet.map((l) => [l.parent, l.child])).toEqual([
      [{ key: '1' }, { key: '2' }],
      [{ key: '2' }, { key: '3' }],
    ])
  })

  it("refuses a job that fails JobDesk's own rules with the field and rule, and drops the links to it", () => {
    const result = plan(snapshot([group(2, 'java-app')], [job(1, 2, { childJobIds: '2' }), job(2, 2, { scheduleConf: '0 0 25 * * ?' })]))
    expect(result.jobs[1]).toMatchObject({ action: 'refuse', notes: [{ code: 'cron.outOfRange', field: 'scheduleConf' }] })
    expect(result.links.dropped.map((l) => [l.parentXxlId, l.childXxlId, l.note.code])).toEqual([[1, 2, 'xxl.childRefused']])
    expect(result.jobs[0].action).toBe('create')
  })

  it('refuses a group JobDesk cannot take (a bad app name), and with it its jobs', () => {
    const result = plan(snapshot([group(2, 'x')], [job(1, 2)]))
    expect(result.groups[0].action).toBe('refuse')
    expect(result.jobs[0]).toMatchObject({ action: 'refuse', notes: [{ code: 'xxl.groupRefused', params: { appName: 'x' } }] })
  })

  it('matches a job JobDesk has by group and name: skip leaves it, replace updates it, rename imports a copy beside it', () => {
    const current: XxlImportState = { groups: [jobDeskGroup], jobs: [existingJob], links: [] }
    const snap = snapshot([group(1, 'jobdesk-embedded')], [job(1, 1)])
    expect(plan(snap, current, 'skip').jobs[0]).toMatchObject({ action: 'skip', jobId: 40 })
    expect(plan(snap, current, 'replace').jobs[0]).toMatchObject({ action: 'update', jobId: 40 })
    const renamed = plan(snap, current, 'rename').jobs[0]
    expect(renamed).toMatchObject({ action: 'create', jobId: null, mapped: { name: 'job 1 (XXL-JOB #1)' } })
    expect(renamed.notes.map((n) => [n.code, n.params])).toEqual([
      ['xxl.renamed', { appName: 'jobdesk-embedded', original: 'job 1', name: 'job 1 (XXL-JOB #1)' }],
    ])
  })
})
