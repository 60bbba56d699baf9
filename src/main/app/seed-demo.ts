import { defaultJobInput } from '../../shared/job-defaults'
import { EMBEDDED_APP_NAME, type JobInput } from '../../shared/model'
import type { JobService } from './job-service'
import type { Store } from '../store/store'

const SEEDED_KEY = 'demo_seeded'

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
 * First start only: three running demo jobs on the embedded executor, so a new operator sees the
 * scheduler work at once — a 2-second cron job, a job that always fails, and a fixed-rate job.
 */
export function seedDemoJobs(store: Store, jobs: JobService, groupId: number, timezone: string): void {
  if (store.settings.get<boolean>(SEEDED_KEY)) return
  const base = defaultJobInput(groupId, timezone, { author: 'JobDesk' })
  const demos: JobInput[] = [
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
      name: 'Demo: a job that fails',
      scheduleType: 'CRON',
      scheduleConf: '0 * * * * ?',
      executorHandler: 'failJobHandler',
      executorParam: 'this demo job fails on purpose',
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
  for (const demo of demos) jobs.start(jobs.save(demo).id)
  store.settings.set(SEEDED_KEY, true)
}
