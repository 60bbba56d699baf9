import { afterEach, beforeEach, describe } from 'vitest'
import { newGroup } from '../../../src/main/store/group-repo'
import { storedJobOf } from '../../../src/main/store/job-repo'
import { openStore } from '../../../src/main/store/open-store'
import type { Repos, Store } from '../../../src/main/store/store'
import type { JobInput } from '../../../src/shared/model'
import { ENGINES, withDatabase, type TestDatabase, type TestEngine } from '../../support/db-servers'
import { jobInput } from '../../support/job-input'

/** One engine's store for one test: a fresh database, opened (and migrated) through openStore. */
export class StoreFixture {
  database!: TestDatabase
  store!: Store
  private readonly others: Store[] = []

  constructor(readonly engine: TestEngine) {}

  async setUp(): Promise<void> {
    this.database = await withDatabase(this.engine)
    this.store = await openStore(this.database.url)
  }

  /** Another Store on the same database: another node (or, on SQLite, another process on the file). */
  async another(): Promise<Store> {
    const store = await openStore(this.database.url)
    this.others.push(store)
    return store
  }

  async tearDown(): Promise<void> {
    await Promise.allSettled([this.store?.close(), ...this.others.splice(0).map((s) => s.close())])
    await this.database?.drop()
  }
}

/**
 * The same tests against every engine: `body` runs once per engine inside a describe named after
 * it, with a fresh database per test.
 */
export function storeSuite(title: string, body: (fixture: StoreFixture) => void, engines: readonly TestEngine[] = ENGINES): void {
  describe.each(engines)(`${title} on %s`, (engine) => {
    const fixture = new StoreFixture(engine)
    beforeEach(() => fixture.setUp())
    afterEach(() => fixture.tearDown())
    body(fixture)
  })
}

export const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z

/** A group to hang jobs on. */
export async function addGroup(repos: Pick<Repos, 'groups'>, appName = 'test-app'): Promise<number> {
  return repos.groups.insert(newGroup(appName, `group ${appName}`, T0))
}

/** A stored job (stopped unless `running`), with the given fields. */
export async function addJob(
  repos: Pick<Repos, 'jobs'>,
  groupId: number,
  overrides: Partial<JobInput> = {},
  schedule?: { nextMs: number; lastMs?: number },
): Promise<number> {
  const id = await repos.jobs.insert(storedJobOf(jobInput(groupId, overrides), T0))
  if (schedule) await repos.jobs.setTrigger(id, 1, schedule.lastMs ?? 0, schedule.nextMs, T0)
  return id
}

/** A promise someone else resolves: one transaction waits at it for another to reach a point. */
export class Gate {
  readonly reached: Promise<void>
  open!: () => void

  constructor() {
    this.reached = new Promise((resolve) => (this.open = resolve))
  }
}

/**
 * Two nodes' transactions (one store each) that hold their row locks at the same time on the
 * server engines: `first` runs up to its `meet` call, `second` then runs up to its own, and both
 * go on. SQLite has one writer per file, so there the second runs after the first has committed
 * (its `meet` does nothing); the outcome each test asserts holds on every engine.
 */
export async function overlapping<A, B>(
  fixture: StoreFixture,
  first: (tx: Repos, meet: () => Promise<void>) => Promise<A>,
  second: (tx: Repos, meet: () => Promise<void>) => Promise<B>,
): Promise<[A, B]> {
  const other = await fixture.another()
  if (fixture.engine === 'sqlite') {
    const a = await fixture.store.transaction((tx) => first(tx, async () => {}))
    const b = await other.transaction((tx) => second(tx, async () => {}))
    return [a, b]
  }
  const firstAt = new Gate()
  const secondAt = new Gate()
  const a = fixture.store.transaction((tx) =>
    first(tx, async () => {
      firstAt.open()
      await secondAt.reached
    }),
  )
  // A second that fails before its meet must not leave the first waiting for it.
  const b = firstAt.reached.then(() =>
    other
      .transaction((tx) =>
        second(tx, async () => {
          secondAt.open()
        }),
      )
      .finally(() => secondAt.open()),
  )
  return Promise.all([a, b])
}
