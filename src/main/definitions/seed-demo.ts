import { defaultJobInput } from '../../shared/job-defaults'
import { EMBEDDED_APP_NAME, type JobInput } from '../../shared/model'
import type { JobService } from './job-service'
import { newGroup } from '../store/group-repo'
import type { Repos, RepoAccess } from '../store/store'

const SEEDED_KEY = 'demo_seeded'
const DEMO_IDS_KEY = 'demo_job_ids'

/** The embedded executor's group, created on every start if missing (it is where local jobs run). */
export async function ensureEmbeddedGroup(groups: Repos['groups'], nowMs: number): Promise<number> {
  const existing = await groups.findByAppName(EMBEDDED_APP_NAME)
  if (existing) return existing.id
  // insertIgnore: another node starting at the same moment may have just created it.
  await groups.insertIgnore(newGroup(EMBEDDED_APP_NAME, 'Embedded executor', nowMs))
  return (await groups.findByAppName(EMBEDDED_APP_NAME))!.id
}

/**
 * First start only: demo jobs on the embedded executor, so a new operator sees the scheduler work at
 * once — a 2-second cron job, a fixed-rate job, and a job that fails on purpose. The failing one runs
 * only when triggered (schedule NONE): a demo should teach what a failure looks like, not raise an
 * alarm every minute. Their ids are kept so the console can offer to remove them.
 *
 * The first start decides, and the decision is kept: a database first started with `--no-demo`
 * (`wanted` false) never gets them, whatever later starts say — a systemd unit written from the
 * README omits the flag, and three demo jobs, one every 2 s, do not belong beside 100k real ones. A
 * database from before the decision was kept that already holds jobs counts as decided too.
 */
export async function seedDemoJobs(
  settings: Repos['settings'],
  jobs: JobService,
  groupId: number,
  timezone: () => string,
  first: { wanted: boolean; existingJobs: () => Promise<number> },
): Promise<void> {
  // The node that writes the mark first decides; a second node starting on the same database does not.
  const claim = `seeding ${Math.random()}`
  if ((await settings.setIfAbsent<unknown>(SEEDED_KEY, claim)) !== claim) return
  if (!first.wanted || (await first.existingJobs()) > 0) {
    await settings.set(SEEDED_KEY, first.wanted ? 'not a first start' : 'declined')
    return
  }
  const base = defaultJobInput(groupId, timezone(), { author: 'JobDesk' })
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
  const ids: number[] = []
  for (const demo of scheduled) ids.push((await jobs.start((await jobs.save(demo)).id)).id)
  ids.push((await jobs.save(onDemand)).id)
  await settings.set(DEMO_IDS_KEY, ids)
  await settings.set(SEEDED_KEY, true)
}

/** The seeded demo jobs that still exist. */
export async function demoJobIds(store: Pick<Repos, 'settings' | 'jobs'>): Promise<number[]> {
  const ids: number[] = []
  for (const id of (await store.settings.get<number[]>(DEMO_IDS_KEY)) ?? []) if ((await store.jobs.get(id)) !== undefined) ids.push(id)
  return ids
}

/** Deletes the seeded demo jobs that still exist (with their links); returns their ids. */
export function removeDemoJobs(
  store: RepoAccess<'settings' | 'jobs' | 'groups' | 'ring' | 'links' | 'glue' | 'routes' | 'registry' | 'calendars' | 'pools'>,
  jobs: JobService,
): Promise<number[]> {
  return store.transaction(async (tx) => {
    const ids = await demoJobIds(tx)
    for (const id of ids) await jobs.deleteIn(tx, id)
    await tx.settings.set(DEMO_IDS_KEY, [])
    return ids
  })
}
