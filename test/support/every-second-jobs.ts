import { ensureEmbeddedGroup } from '../../src/main/definitions/seed-demo'
import { storedJobOf } from '../../src/main/store/job-repo'
import type { Store } from '../../src/main/store/store'
import { jobInput } from './job-input'

/** Plants `count` running every-second cron jobs of the embedded group, written at `atMs`, whose next fire is `nextMs`, in one transaction. */
export async function plantEverySecondJobs(store: Store, count: number, nextMs: number, atMs: number): Promise<void> {
  const group = await ensureEmbeddedGroup(store.groups, atMs)
  await store.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const id = await tx.jobs.insert(storedJobOf(jobInput(group, { name: `every second ${i}`, scheduleConf: '* * * * * ?' }), atMs))
      await tx.jobs.setTrigger(id, 1, 0, nextMs, atMs)
    }
  })
}
