import { NO_DEADLINES } from '../../../shared/deadline-terms'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../../shared/errors'
import { buildExport } from './build-export'
import type { ExportDocument } from './export-document'
import { group, job, NOW_MS, sampleState } from './import-export.fixtures'
import { ImportValidationError } from './import-problems'
import { planImport, type ImportState } from './plan-import'

const empty = (): ImportState => ({ groups: [], jobs: [], links: [], flows: [] })
const sampleDoc = (): ExportDocument => JSON.parse(JSON.stringify(buildExport({ ...sampleState(), nowMs: NOW_MS })))

function problemsOf(doc: unknown, current: ImportState = empty(), onConflict: 'update' | 'skip' = 'update'): readonly string[] {
  try {
    planImport(doc, current, { nowMs: NOW_MS, onConflict })
  } catch (error) {
    expect(error).toBeInstanceOf(ImportValidationError)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).field).toBe('document')
    return (error as ImportValidationError).lines
  }
  throw new Error('the document was accepted')
}

/** Each problem of the refused document as [field, code]: what the console reads and renders. */
function codesOf(doc: unknown, current: ImportState = empty(), onConflict: 'update' | 'skip' = 'update'): [string, string][] {
  try {
    planImport(doc, current, { nowMs: NOW_MS, onConflict })
  } catch (error) {
    expect(error).toBeInstanceOf(ImportValidationError)
    return (error as ImportValidationError).problems.map((problem) => [problem.field, problem.code])
  }
  throw new Error('the document was accepted')
}

describe('planImport refuses documents', () => {
  it('that are not an object', () => {
    expect(codesOf(null)).toEqual([['document', 'validation.type']])
    expect(codesOf([])).toEqual([['document', 'validation.type']])
    expect(codesOf('{"format":"jobdesk.jobs"}')).toEqual([['document', 'validation.type']])
  })

  it('of another format', () => {
    expect(codesOf({ format: 'xxl-job', version: 1 })).toEqual([['document.format', 'validation.oneOf']])
    expect(codesOf({ jobs: [] })).toEqual([
      ['document.format', 'validation.oneOf'],
      ['document.version', 'validation.required'],
    ])
  })

  it('of a newer or a malformed version', () => {
    expect(codesOf({ ...sampleDoc(), version: 3 })).toEqual([['document.version', 'validation.tooLarge']])
    expect(codesOf({ ...sampleDoc(), version: '1' })).toEqual([['document.version', 'validation.type']])
  })

  it('with a job whose cron is invalid, naming the job and the field', () => {
    const doc = sampleDoc()
    doc.jobs[3].scheduleConf = '0 0 25 * * ?'
    expect(codesOf(doc)).toEqual([['jobs[3].scheduleConf', 'cron.outOfRange']])
  })

  it('with a link to a key that is not in the file', () => {
    const doc = sampleDoc()
    doc.links[0].childKey = 'x'
    expect(codesOf(doc)).toEqual([['links[0]', 'import.keyMissing']])
  })

  it('whose links close a cycle among the new jobs', () => {
    const doc = sampleDoc()
    doc.links.push({ parentKey: '3', childKey: '1', condition: 'ALWAYS' })
    expect(codesOf(doc)).toEqual([['links', 'import.cycle']])
  })

  it('whose links close a cycle through saved jobs outside the file', () => {
    const current: ImportState = {
      groups: [group(1, 'apps')],
      jobs: [job(7, 1, 'a'), job(8, 1, 'b'), job(9, 1, 'c')],
      links: [
        { parentJobId: 8, childJobId: 9, condition: 'SUCCESS' },
        { parentJobId: 9, childJobId: 7, condition: 'SUCCESS' },
      ],
      flows: [],
    }
    const doc = buildExport({ ...current, jobIds: [7, 8], nowMs: NOW_MS })
    doc.links.push({ parentKey: '7', childKey: '8', condition: 'SUCCESS' })
    expect(codesOf(doc, current)).toEqual([['links', 'import.cycle']])
  })

  it('with links when the saved links already hold a cycle', () => {
    const current: ImportState = {
      groups: [group(1, 'apps')],
      jobs: [job(7, 1, 'a'), job(8, 1, 'b')],
      links: [
        { parentJobId: 7, childJobId: 8, condition: 'SUCCESS' },
        { parentJobId: 8, childJobId: 7, condition: 'FAILURE' },
      ],
      flows: [],
    }
    expect(codesOf(sampleDoc(), current)).toEqual([['links', 'import.savedCycle']])
  })

  it('listing every problem at once, each with its path', () => {
    const doc = sampleDoc() as unknown as Record<string, any>
    doc.comment = 'hand edited'
    doc.groups[0].accessToken = 'x'
    doc.groups[1].addressType = 2
    doc.jobs[0].scheduleType = 'WEEKLY'
    doc.jobs[1].key = '1'
    doc.jobs[2].schedulConf = '10'
    doc.jobs[3].enabled = 'yes'
    doc.links[1].condition = 'SOMETIMES'
    doc.links.push({ parentKey: '5', childKey: '5', condition: 'SUCCESS' })
    // The refusal's report lines as the CLI and logs print them (field: rule, and the job it is about).
    const problems = problemsOf(doc)
    expect(problems).toEqual([
      'document.comment: is not a known field',
      'groups[0].accessToken: access tokens are not imported; set the group token in JobDesk',
      'groups[1].addressType: must be 0 (automatic, by executor registration) or 1 (manual), got the number 2',
      'jobs[0].scheduleType: must be one of NONE, CRON, FIX_RATE, BUSINESS_DAY; got the text "WEEKLY" (job \'nightly-report\')',
      "jobs[1].key: '1' is also the key of jobs[0]",
      'jobs[2].schedulConf: is not a known field',
      'jobs[3].enabled: must be true or false, got the text "yes"',
      // jobs[1] no longer has key '2', so the links to it are dangling too.
      "links[0]: job key '2' is not in this file",
      'links[1].condition: must be one of SUCCESS, FAILURE, ALWAYS; got the text "SOMETIMES"',
      "links[2]: job key '2' is not in this file",
      "links[3]: job key '5' links to itself; a job cannot be its own child",
      // The flow running jobs 1 and 2 names a key no job has any more.
      "flows[1].nodes[2].jobKey: node 'invoices' of flow 'month-end' runs job key '2', which is not in this file",
    ])
    const error = (() => {
      try {
        planImport(doc, empty(), { nowMs: NOW_MS, onConflict: 'update' })
      } catch (e) {
        return e as Error
      }
    })()
    expect(error).toMatchObject({ field: 'document', code: 'import.refused', params: { count: 12 } })
    // The message lists every problem as `field: rule`, one a line, for the CLI and logs.
    expect(error?.message).toContain('\n- links[1].condition: must be one of SUCCESS, FAILURE, ALWAYS; got the text "SOMETIMES"')
  })

  it('with lists missing or of the wrong type', () => {
    expect(codesOf({ format: 'jobdesk.jobs', version: 1, groups: {}, jobs: 'none' })).toEqual([
      ['document.groups', 'validation.type'],
      ['document.jobs', 'validation.type'],
      ['document.links', 'validation.required'],
    ])
  })

  it('with a job in a group that is neither in the file nor saved', () => {
    const doc = sampleDoc()
    doc.jobs[1].appName = 'payroll'
    expect(codesOf(doc)).toEqual([['jobs[1].appName', 'import.groupUnknown']])
  })

  it('with a job that is enabled but never scheduled', () => {
    const doc = sampleDoc()
    doc.jobs[1].enabled = true
    expect(codesOf(doc)).toEqual([['jobs[1].enabled', 'import.noneEnabled']])
  })

  it('with two jobs of the same name in one group', () => {
    const doc = sampleDoc()
    doc.jobs[3].name = 'cleanup'
    expect(codesOf(doc)).toEqual([['jobs[3].name', 'import.sameName']])
  })

  it('matching a name that several saved jobs share', () => {
    const current = sampleState()
    current.jobs.push(job(9, 1, 'cleanup'))
    expect(codesOf(sampleDoc(), current, 'skip')).toEqual([['jobs[2].name', 'import.ambiguousName']])
  })

  it('with the same link twice', () => {
    const doc = sampleDoc()
    doc.links.push({ ...doc.links[2], condition: 'ALWAYS' })
    expect(codesOf(doc)).toEqual([['links[3]', 'import.linkTwice']])
  })

  it('with bad groups: manual without addresses, a non-http address, a duplicate appName', () => {
    const doc = sampleDoc()
    doc.groups.push({ appName: 'billing', name: 'again', addressType: 0, addressList: '' })
    doc.groups.push({ appName: 'ftp-files', name: 'FTP', addressType: 1, addressList: 'ftp://10.0.0.1' })
    doc.groups.push({ appName: 'manual', name: 'Manual', addressType: 1, addressList: ' , ' })
    doc.groups.push({ appName: 'auto', name: 'Auto', addressType: 0, addressList: 'http://10.0.0.2:9999' })
    expect(codesOf(doc)).toEqual([
      ['groups[3].appName', 'import.appNameTwice'],
      ['groups[4].addressList', 'validation.address'],
      ['groups[5].addressList', 'group.addressRequired'],
      ['groups[6].addressList', 'import.autoWithAddresses'],
    ])
  })
})

describe('planImport refuses flows', () => {
  /** The sample document's month-end flow (flows are sorted by name: audit-sign-off, month-end). */
  const monthEnd = (doc: ExportDocument) => doc.flows[1] as unknown as Record<string, any>

  it('with a job node whose job key names no job of the file, naming the flow and the node', () => {
    const doc = sampleDoc()
    monthEnd(doc).nodes[0].jobKey = 'gone'
    expect(problemsOf(doc)).toEqual(["flows[1].nodes[0].jobKey: node 'report' of flow 'month-end' runs job key 'gone', which is not in this file"])
    expect(codesOf(doc)).toEqual([['flows[1].nodes[0].jobKey', 'import.flowJobKeyMissing']])
  })

  it('with a job node that names its job by id', () => {
    const doc = sampleDoc()
    const node = monthEnd(doc).nodes[0]
    delete node.jobKey
    node.jobId = 1
    expect(codesOf(doc)).toEqual([
      ['flows[1].nodes[0].jobId', 'import.flowJobIdField'],
      ['flows[1].nodes[0].jobKey', 'validation.required'],
    ])
  })

  it("that break the flow editor's rules, each with its path and the flow it is about", () => {
    const cyclic = sampleDoc()
    monthEnd(cyclic).edges.push({ from: 'invoices', to: 'report' })
    monthEnd(cyclic).nodes[1].triggerRule = 'most_success'
    // Field rules first: the graph is read once every field is valid.
    expect(codesOf(cyclic)).toEqual([['flows[1].nodes[1].triggerRule', 'validation.oneOf']])
    monthEnd(cyclic).nodes[1].triggerRule = 'all_done'
    expect(problemsOf(cyclic)).toEqual([
      "flows[1].edges[2]: the edges close the cycle report → sign-off → invoices → report; a flow runs its nodes in order, so it cannot have a cycle (flow 'month-end')",
    ])
    const downstream = sampleDoc()
    monthEnd(downstream).nodes[0].param = '${nodes.invoices.output}'
    expect(problemsOf(downstream)).toEqual([
      "flows[1].nodes[0].param: '${nodes.invoices.output}' names 'invoices', which does not run before 'report', so its output cannot exist yet: add edges leading from 'invoices' to 'report' (flow 'month-end')",
    ])
  })

  it('with two flows of the same name', () => {
    const doc = sampleDoc()
    doc.flows[0].name = ' month-end '
    expect(problemsOf(doc)).toEqual(["flows[1].name: flows[0] is also named 'month-end'; flows are matched by name"])
  })

  it('whose schedule never fires again', () => {
    const doc = sampleDoc()
    monthEnd(doc).scheduleConf = '0 0 6 1 1 ? 2020'
    expect(codesOf(doc)).toEqual([['flows[1].scheduleConf', 'schedule.noFireAfter']])
  })

  it('with fields an export never writes', () => {
    const doc = sampleDoc()
    Object.assign(monthEnd(doc), { id: 2, triggerNextTimeMs: NOW_MS, active: 'yes' })
    expect(codesOf(doc)).toEqual([
      ['flows[1].active', 'validation.type'],
      ['flows[1].id', 'import.flowIdField'],
      ['flows[1].triggerNextTimeMs', 'validation.unknownField'],
    ])
  })

  it('in a version 1 document, which has none; and a version 2 document must list them', () => {
    expect(codesOf({ ...sampleDoc(), version: 1 })).toEqual([['document.flows', 'import.flowsInVersionOne']])
    const { flows: _flows, ...withoutFlows } = sampleDoc()
    expect(codesOf(withoutFlows)).toEqual([['document.flows', 'validation.required']])
  })
})

describe('planImport accepts', () => {
  it('a version 1 document: its groups, jobs and links, and no flows', () => {
    const { flows: _flows, ...doc } = { ...sampleDoc(), version: 1 }
    const plan = planImport(doc, empty(), { nowMs: NOW_MS, onConflict: 'update' })
    expect(plan.summary).toEqual({ created: 4, updated: 0, skipped: 0 })
    expect(plan.linksToSet).toHaveLength(3)
    expect(plan.flowSummary).toEqual({ created: 0, updated: 0, skipped: 0 })
  })

  it('a hand-written flow over a saved job, with the flow editor defaults', () => {
    const current = sampleState()
    const doc = {
      format: 'jobdesk.jobs',
      version: 2,
      groups: [],
      jobs: [{ ...sampleDoc().jobs[2], key: 'clean' }],
      links: [],
      flows: [
        {
          name: ' tidy ',
          nodes: [
            { key: 'clean', jobKey: 'clean' },
            { kind: 'approval', key: 'check' },
          ],
          edges: [{ from: 'clean', to: 'check' }],
        },
      ],
    }
    const plan = planImport(doc, current, { nowMs: NOW_MS, onConflict: 'skip' })
    expect(plan.flowsToCreate).toEqual([
      {
        settings: {
          name: 'tidy',
          description: '',
          scheduleType: 'NONE',
          scheduleConf: '',
          timezone: '',
          calendar: null,
          calendarRule: 'BUSINESS_DAYS',
          calendarRoll: 'SKIP',
          misfireStrategy: 'DO_NOTHING',
          maxActiveRuns: 1,
          overlap: 'SKIP',
          timeoutSec: 0,
          alarmEmail: '',
          alarmAfterFailures: null,
          alarmQuietSec: null,
          param: '',
          ...NO_DEADLINES,
        },
        active: false,
        nodes: [
          { kind: 'job', key: 'clean', job: { jobId: 3 }, triggerRule: 'all_success' },
          { kind: 'approval', key: 'check', prompt: '', timeoutSec: 0, triggerRule: 'all_success' },
        ],
        edges: [{ from: 'clean', to: 'check' }],
      },
    ])
  })

  it('a hand-written job in a saved group that is not in the file, with editor defaults', () => {
    const current = sampleState()
    const doc = {
      format: 'jobdesk.jobs',
      version: 1,
      groups: [],
      jobs: [
        {
          key: 'k',
          appName: 'billing',
          name: ' reconcile ',
          scheduleType: 'FIX_RATE',
          scheduleConf: '60',
          timezone: 'UTC',
          misfireStrategy: 'DO_NOTHING',
          executorRouteStrategy: 'FIRST',
          executorBlockStrategy: 'SERIAL_EXECUTION',
          retryBackoff: 'NONE',
          glueType: 'BEAN',
          executorHandler: 'reconcile',
        },
      ],
      links: [],
    }
    const plan = planImport(doc, current, { nowMs: NOW_MS, onConflict: 'skip' })
    expect(plan.jobsToCreate).toHaveLength(1)
    expect(plan.jobsToCreate[0]).toMatchObject({ key: 'k', appName: 'billing', groupId: 3, enabled: false })
    expect(plan.jobsToCreate[0].fields).toMatchObject({ name: 'reconcile', author: '', executorTimeoutSec: 0, alarmOnEveryFailure: false })
  })

  it('a diamond of links among new jobs', () => {
    const doc = sampleDoc()
    doc.links.push({ parentKey: '5', childKey: '3', condition: 'SUCCESS' })
    const plan = planImport(doc, empty(), { nowMs: NOW_MS, onConflict: 'update' })
    expect(plan.linksToSet).toHaveLength(4)
  })
})
