import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { makeTempDir } from '../../../../test/support/temp-dir'
import { defaultJobInput } from '../../../shared/job-defaults'
import type { JobInput } from '../../../shared/model'
import { CalendarService } from '../../calendars/calendar-service'
import { WindowService } from '../../calendars/window-service'
import { PoolService } from '../../capacity/pool-service'
import { yamlText } from '../../cli/output'
import { FlowService } from '../../flows/flow-service'
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store'
import type { Store } from '../../store/store'
import { GroupService } from '../group-service'
import { ImportService } from '../import-service'
import { JobService } from '../job-service'
import { LinkService } from '../link-service'
import { DefinitionService } from './definition-service'

/**
 * `jobdesk export -o dir && jobdesk diff -f dir` says "no changes" for every shape of object the
 * console saves: what the console keeps but a file cannot say (a cron left behind by a schedule set
 * to None, a zone beside a fixed rate, a GLUE source beside a BEAN handler) is no drift.
 */
const NOW_MS = Date.UTC(2026, 11, 1, 12)
const MACHINE_ZONE = 'Asia/Shanghai'

let dir: ReturnType<typeof makeTempDir>
let store: Store
beforeEach(() => {
  dir = makeTempDir('jobdesk-export-diff-')
  store = openSqliteStore(join(dir.path, 'shapes.db'))
})
afterEach(async () => {
  await store.close()
  dir.remove()
})

/** The console's new-job draft (a cron every minute, this machine's zone) with the operator's edits. */
const consoleJob = (jobGroup: number, name: string, edits: Partial<JobInput>): JobInput =>
  defaultJobInput(jobGroup, MACHINE_ZONE, { scheduleType: 'CRON', scheduleConf: '0 * * * * ?', executorHandler: 'demoHandler', name, ...edits })

const JOB_SHAPES: [string, Partial<JobInput>][] = [
  ['schedule None, the draft cron left behind', { scheduleType: 'NONE' }],
  ['schedule None, a misfire and calendar terms left behind', { scheduleType: 'NONE', misfireStrategy: 'FIRE_ONCE_NOW', calendar: 'cn-work' }],
  ['cron in another zone, fire once on misfire', { scheduleConf: '0 30 3 * * ?', timezone: 'Europe/Berlin', misfireStrategy: 'FIRE_ONCE_NOW' }],
  [
    'cron on a calendar, non-business days, rolled',
    { scheduleConf: '0 0 9 * * ?', calendar: 'cn-work', calendarRule: 'NON_BUSINESS_DAYS', calendarRoll: 'NEXT' },
  ],
  ['fixed rate with a zone left behind', { scheduleType: 'FIX_RATE', scheduleConf: '30', timezone: 'America/New_York' }],
  ['fixed rate on a calendar', { scheduleType: 'FIX_RATE', scheduleConf: '3600', calendar: 'cn-work', calendarRoll: 'PREVIOUS' }],
  ['business days', { scheduleType: 'BUSINESS_DAY', scheduleConf: 'BD-1 18:30', calendar: 'cn-work' }],
  ['BEAN with a GLUE source left behind', { glueSource: 'echo left behind', glueRemark: 'old' }],
  ['shell GLUE', { glueType: 'GLUE_SHELL', executorHandler: '', glueSource: '#!/bin/sh\necho "it\'s: done"\t# tab\n', glueRemark: 'v2' }],
  ['python GLUE', { glueType: 'GLUE_PYTHON', executorHandler: '', glueSource: 'print("你好")\n' }],
  ['python 2 GLUE', { glueType: 'GLUE_PYTHON2', executorHandler: '', glueSource: 'print "x"' }],
  ['node GLUE', { glueType: 'GLUE_NODEJS', executorHandler: '', glueSource: 'console.log(1)' }],
  ['php GLUE', { glueType: 'GLUE_PHP', executorHandler: '', glueSource: '<?php echo 1;' }],
  ['powershell GLUE', { glueType: 'GLUE_POWERSHELL', executorHandler: '', glueSource: 'Write-Host 1' }],
  ['groovy GLUE with a handler kept', { glueType: 'GLUE_GROOVY', glueSource: 'class A {}' }],
  [
    'routing, blocking, timeout, param, author',
    { executorRouteStrategy: 'SHARDING_BROADCAST', executorBlockStrategy: 'COVER_EARLY', executorTimeoutSec: 90, executorParam: ' a: b\n- c ', author: 'ops' },
  ],
  ['retries, exponential', { executorFailRetryCount: 3, retryBackoff: 'EXPONENTIAL', retryIntervalSec: 10, retryMaxIntervalSec: 300 }],
  ['no retries, an interval left behind', { retryIntervalSec: 5 }],
  [
    'alarms: a list typed with spaces, every failure, a policy',
    { alarmEmail: 'a@example.com,  b@example.com', alarmOnEveryFailure: true, alarmAfterFailures: 3, alarmQuietSec: 600 },
  ],
  ['deadlines', { startDeadlineSec: 60, finishBy: '06:00', finishWithinSec: 3600, slowFactor: 2.5 }],
  [
    'pools, priority, a concurrency cap',
    {
      pools: [
        { name: 'gpu', slots: 2 },
        { name: 'db', slots: 1 },
      ],
      priority: 8,
      maxConcurrent: 2,
    },
  ],
]

async function seed(): Promise<void> {
  const jobs = new JobService(store, () => NOW_MS)
  const calendars = new CalendarService({ repos: store, nowMs: () => NOW_MS })
  await calendars.add({ name: 'cn-work', timezone: MACHINE_ZONE, holidays: [{ name: '元旦', date: '2027-01-01' }], makeupWorkdays: ['2027-01-09'] }, 'admin')
  await calendars.add({ name: 'weekend-ops', timezone: 'UTC', workdays: [6, 7], basedOn: 'cn-work' }, 'admin')
  const pools = new PoolService({ repos: store, nowMs: () => NOW_MS, nodeId: 'n1', wake: () => {}, dispatch: () => {}, ended: () => {} })
  await pools.add({ name: 'gpu', slots: 4, description: 'the two cards' }, 'admin')
  await pools.add({ name: 'db', slots: 1 }, 'admin')
  const groups = new GroupService(
    store,
    () => NOW_MS,
    async () => {},
  )
  const appGroup = await groups.save({ appName: 'billing-app', name: 'billing-app', addressType: 0, addressList: '' })
  const manual = await groups.save({
    appName: 'lan-app',
    name: 'LAN executors',
    addressType: 1,
    addressList: 'http://127.0.0.1:9999/ , http://127.0.0.1:9998/',
  })
  await groups.save({ appName: 'titled-auto', name: 'Auto, titled', addressType: 0, addressList: '' })
  const saved = []
  for (const [name, edits] of JOB_SHAPES) saved.push(await jobs.save(consoleJob(appGroup.id, name, edits)))
  const started = await jobs.save(consoleJob(manual.id, 'started cron', { scheduleConf: '0 0 2 * * ?' }))
  await store.transaction((tx) => jobs.startIn(tx, started.id))
  const links = new LinkService(store, () => NOW_MS)
  await links.save({ parentJobId: saved[2].id, childJobId: saved[3].id, condition: 'SUCCESS' })
  await links.save({ parentJobId: saved[2].id, childJobId: started.id, condition: 'FAILURE' })
  await links.save({ parentJobId: started.id, childJobId: saved[4].id, condition: 'ALWAYS' })

  const flows = new FlowService(
    store,
    () => NOW_MS,
    () => MACHINE_ZONE,
  )
  const flowBase = {
    description: '',
    scheduleType: 'NONE',
    scheduleConf: '0 * * * * ?',
    timezone: MACHINE_ZONE,
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
    startDeadlineSec: 0,
    finishBy: '',
    finishWithinSec: 0,
    slowFactor: 0,
  }
  await flows.add({
    ...flowBase,
    name: 'month-end, by hand',
    nodes: [
      { kind: 'job', key: 'report', jobId: saved[0].id },
      { kind: 'approval', key: 'ok', prompt: 'send it?\nreally', timeoutSec: 3600, triggerRule: 'all_done' },
      {
        kind: 'job',
        key: 'mail',
        jobId: started.id,
        param: '${nodes.report.output}',
        pools: [{ name: 'gpu', slots: 1 }],
        priority: 2,
        triggerRule: 'all_success',
      },
    ],
    edges: [
      { from: 'report', to: 'ok' },
      { from: 'ok', to: 'mail' },
    ],
  })
  const scheduled = await flows.add({
    ...flowBase,
    name: 'nightly',
    description: 'every night',
    scheduleType: 'CRON',
    scheduleConf: '0 15 1 * * ?',
    calendar: 'cn-work',
    misfireStrategy: 'FIRE_ONCE_NOW',
    maxActiveRuns: 2,
    overlap: 'QUEUE',
    timeoutSec: 7200,
    alarmEmail: 'ops@example.com',
    alarmAfterFailures: 2,
    alarmQuietSec: 60,
    param: '{"day":"${date}"}',
    finishBy: '07:00',
    nodes: [{ kind: 'job', key: 'only', jobId: saved[1].id }],
    edges: [],
  })
  await flows.setActive(scheduled.id, true)
  await flows.add({
    ...flowBase,
    name: 'every minute, stopped',
    scheduleType: 'FIX_RATE',
    scheduleConf: '60',
    timezone: 'Europe/Paris',
    nodes: [{ kind: 'job', key: 'a', jobId: saved[5].id }],
    edges: [],
  })

  const windows = new WindowService({ repos: store, nowMs: () => NOW_MS })
  await windows.add(
    {
      name: 'patch night',
      timezone: 'UTC',
      cron: '0 0 22 ? * SAT',
      durationSec: 7200,
      groupIds: [appGroup.id],
      jobIds: [started.id],
      flowIds: [scheduled.id],
      killRunning: true,
    },
    'admin',
  )
  await windows.add(
    { name: 'freeze', timezone: MACHINE_ZONE, start: NOW_MS + 86_400_000, end: NOW_MS + 2 * 86_400_000, all: true, groupIds: [], jobIds: [], flowIds: [] },
    'admin',
  )
}

async function exportedFiles() {
  const jobs = new JobService(store, () => NOW_MS)
  const service = new DefinitionService(
    store,
    new ImportService(store, jobs, () => NOW_MS),
    jobs,
    () => MACHINE_ZONE,
    () => NOW_MS,
  )
  const exported = await service.export()
  // As `jobdesk export` writes the files and `jobdesk diff` reads them back.
  const documents = exported.map((document) => parseAllDocuments(yamlText(document))[0].toJS() as Record<string, unknown>)
  const diff = (edit: (doc: Record<string, unknown>) => Record<string, unknown> = (doc) => doc) =>
    service.apply({ sources: documents.map((document, i) => ({ file: `d/${i}.yaml`, document: edit(document) })), dryRun: true, prune: 'all' })
  return { exported, diff }
}

describe('export, then diff of the export', () => {
  it('plans no change for any shape the console saves', async () => {
    await seed()
    const { exported, diff } = await exportedFiles()
    const plan = await diff()
    expect(plan.changes).toEqual([])
    expect(plan.unchanged).toBe(exported.length)
  })

  it('shows each changed field with its values before and after, as the files say them', async () => {
    await seed()
    const { diff } = await exportedFiles()
    const named = (name: string, doc: Record<string, unknown>) => doc.name === name
    const plan = await diff((doc) => {
      if (named('cron in another zone, fire once on misfire', doc))
        return { ...doc, schedule: { cron: '0 45 3 * * ?', timezone: 'Europe/Berlin', misfire: 'FIRE_ONCE_NOW' } }
      if (named('schedule None, the draft cron left behind', doc)) return { ...doc, schedule: { fixedRate: 60 } }
      if (named('shell GLUE', doc)) return { ...doc, glue: { type: 'GLUE_SHELL', source: '#!/bin/sh\necho \u001b[2J\n', remark: 'v2' } }
      if (named('lan-app', doc)) return { ...doc, addresses: ['http://127.0.0.1:9999/'] }
      if (named('month-end, by hand', doc)) {
        const nodes = (doc.nodes as Record<string, unknown>[]).map((n) => (n.key === 'mail' ? { ...n, param: 'fixed' } : n))
        return { ...doc, nodes }
      }
      return doc
    })
    const lines = plan.changes.flatMap((c) => (c.values ?? []).map((v) => `${c.key} ${v.field}: ${v.before ?? '(none)'} → ${v.after ?? '(none)'}`))
    expect(lines).toEqual([
      'lan-app addresses: ["http://127.0.0.1:9999/","http://127.0.0.1:9998/"] → ["http://127.0.0.1:9999/"]',
      "billing-app/cron in another zone, fire once on misfire schedule.cron: '0 30 3 * * ?' → '0 45 3 * * ?'",
      'billing-app/schedule None, the draft cron left behind schedule.fixedRate: (none) → 60',
      'billing-app/schedule None, the draft cron left behind enabled: false → true',
      "billing-app/shell GLUE glue.source: '#!/bin/sh\\necho \"it\\'s: done\"\\t# tab\\n' → '#!/bin/sh\\necho \\u{1b}[2J\\n'",
      "month-end, by hand nodes[mail].param: '${nodes.report.output}' → 'fixed'",
    ])
  })
})
