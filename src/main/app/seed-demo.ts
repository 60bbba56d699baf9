import { defaultJobInput } from '../../shared/job-defaults'
import { EMBEDDED_APP_NAME, type JobInput } from '../../shared/model'
import type { JobService } from './job-service'
import type { Store } from '../store/store'

const SEEDED_KEY = 'demo_seeded'
const DEMO_IDS_KEY = 'demo_job_ids'

/** The embedded executor's group, created on every start if missing (it is where local jobs run). */
export function ensureEmbeddedGroup(store: Store, nowMs: number): number {
  const existing = store.groups.findByAppName(EMBEDDED_APP_NAME)
  if (existing) return existing.id
  return store.groups.insert({
    appName: EMBEDDED_APP_NAME,
    name: 'Embedded executor',
    addressType: 0,
    addressList: '',
    accessToken: '',
    protocolGeneration: null,
    autoCreated: false,
    scriptsAllowed: false,
    updateTimeMs: nowMs,
  })
}

/**
 * First start only: demo jobs on the embedded executor, so a new operator sees the scheduler work at
 * once — a 2-second cron job, a fixed-rate job, and a job that fails on purpose. The failing one runs
 * only when triggered (schedule NONE): a demo should teach what a failure looks like, not raise an
 * alarm every minute. Their ids are kept so the console can offer to remove them.
 */
export function seedDemoJobs(store: Store, jobs: JobService, groupId: number, timezone: string): void {
  if (store.settings.get<boolean>(SEEDED_KEY)) return
  const base = defaultJobInput(groupId, timezone, { author: 'JobDesk' })
  const scheduled: JobInput[] = [
    {
      ...base,
      name: 'Demo: hello every 2 seconds',
      scheduleType: 'CRON',
      scheduleConf: '0/2 * * * * ?',
      executorHandler: 'demoJobHandler',
      executorParam: 'hello from JobDesk',
    },
    {
      ...base,
      name: 'Demo: fixed rate, every 10 s',
      scheduleType: 'FIX_RATE',
      scheduleConf: '10',
      executorHandler: 'shardingJobHandler',
      executorParam: '',
    },
  ]
  const onDemand: JobInput = {
    ...base,
    name: 'Demo: a job that fails (run it by hand)',
    scheduleType: 'NONE',
    scheduleConf: '',
    executorHandler: 'failJobHandler',
    executorParam: 'this demo job fails on purpose',
  }
  const ids = scheduled.map((demo) => jobs.start(jobs.save(demo).id).id)
  ids.push(jobs.save(onDemand).id)
  store.settings.set(DEMO_IDS_KEY, ids)
  store.settings.set(SEEDED_KEY, true)
}

/** The seeded demo jobs that still exist. */
export function demoJobIds(store: Store): number[] {
  return (store.settings.get<number[]>(DEMO_IDS_KEY) ?? []).filter((id) => store.jobs.get(id) !== undefined)
}

/** Deletes the seeded demo jobs that still exist (with their links); returns their ids. */
export function removeDemoJobs(store: Store, jobs: JobService): number[] {
  const ids = demoJobIds(store)
  store.transaction(() => {
    for (const id of ids) jobs.delete(id)
    store.settings.set(DEMO_IDS_KEY, [])
  })
  return ids
}
