import { describe, expect, it } from 'vitest'
import type { JobService } from './job-service'
import { seedDemoJobs } from './seed-demo'
import type { Repos } from '../store/store'

/** Settings in memory, with the first-writer-wins mark the seeding claims. */
function memorySettings(): { settings: Repos['settings']; values: Map<string, unknown> } {
  const values = new Map<string, unknown>()
  const settings = {
    get: async (name: string) => values.get(name),
    set: async (name: string, value: unknown) => void values.set(name, value),
    setIfAbsent: async (name: string, value: unknown) => {
      if (!values.has(name)) values.set(name, value)
      return values.get(name)
    },
  } as unknown as Repos['settings']
  return { settings, values }
}

/** A job service that records what it was asked to save: the demo seeding must ask nothing of it here. */
function recordingJobs(): { jobs: JobService; saved: string[] } {
  const saved: string[] = []
  const jobs = {
    save: async (input: { name: string }) => (saved.push(input.name), { id: saved.length }),
    start: async (id: number) => ({ id }),
  } as unknown as JobService
  return { jobs, saved }
}

describe('the demo jobs, decided by the first start', () => {
  it('are not seeded into a database that already holds jobs (made before the decision was kept), and that is kept', async () => {
    const { settings, values } = memorySettings()
    const { jobs, saved } = recordingJobs()
    await seedDemoJobs(settings, jobs, 1, () => 'UTC', { wanted: true, existingJobs: async () => 100_000 })
    expect(saved).toEqual([])
    expect(values.get('demo_seeded')).toBe('not a first start')
  })

  it('are seeded into an empty database when wanted, once', async () => {
    const { settings } = memorySettings()
    const { jobs, saved } = recordingJobs()
    const first = { wanted: true, existingJobs: async () => saved.length }
    await seedDemoJobs(settings, jobs, 1, () => 'UTC', first)
    await seedDemoJobs(settings, jobs, 1, () => 'UTC', first)
    expect(saved).toHaveLength(3)
  })
})
