import { describe, expect, it } from 'vitest'
import type { JobInfo } from '../../shared/model'
import { defaultJobInput } from '../../shared/job-defaults'
import { JobCache } from './job-cache'

/** Job rows by id, and every read the cache made of them. */
function jobTable(ids: readonly number[]) {
  const rows = new Map(ids.map((id): [number, JobInfo] => [id, { ...defaultJobInput(1, 'UTC'), id, triggerStatus: 1 } as unknown as JobInfo]))
  const reads: string[] = []
  let version = 1
  const repos = {
    jobs: {
      get: async (id: number) => {
        reads.push(`get ${id}`)
        return rows.get(id)
      },
      getMany: async (wanted: readonly number[]) => {
        reads.push(`getMany ${wanted.join(',')}`)
        return wanted.flatMap((id) => rows.get(id) ?? [])
      },
    },
    versions: { current: async () => ({ jobs: version }) },
  }
  return { repos: repos as never, reads, edit: () => version++ }
}

describe('JobCache', () => {
  it("reads a batch's uncached jobs in one query, a job once however many fires name it, and a gone job as gone", async () => {
    const { repos, reads } = jobTable([1, 2, 3])
    const cache = new JobCache()
    await cache.refresh(repos)
    await cache.load(repos, [1, 2, 2, 9, 1])
    expect(reads).toEqual(['getMany 1,2,9'])
    expect(cache.cached(1)?.id).toBe(1)
    expect(cache.cached(2)?.id).toBe(2)
    expect(await cache.job(repos, 9)).toBeUndefined()
    // Cached, the gone job included: the next batch reads only what is new to it.
    await cache.load(repos, [1, 2, 3, 9])
    expect(reads).toEqual(['getMany 1,2,9', 'getMany 3'])
    await cache.load(repos, [3, 1])
    expect(reads).toHaveLength(2)
  })

  it('reads every job again, in one query, after an edit moved the jobs’ version', async () => {
    const { repos, reads, edit } = jobTable([1, 2])
    const cache = new JobCache()
    await cache.refresh(repos)
    await cache.load(repos, [1, 2])
    edit()
    await cache.refresh(repos)
    expect(cache.cached(1)).toBeUndefined()
    await cache.load(repos, [2, 1])
    expect(reads).toEqual(['getMany 1,2', 'getMany 2,1'])
  })
})
