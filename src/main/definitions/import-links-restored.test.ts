import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jobInput } from '../../../test/support/job-input'
import { makeTempDir } from '../../../test/support/temp-dir'
import type { ImportReport } from '../../shared/api'
import type { JobLink } from '../../shared/model'
import { newGroup } from '../store/group-repo'
import { openSqliteStore } from '../store/sqlite/open-sqlite-store'
import type { Store } from '../store/store'
import { ImportService } from './import-service'
import { JobService } from './job-service'
import { LinkService } from './link-service'

/**
 * Links survive export → delete → import, whichever of the linked jobs still exist when the export
 * comes back: an import resolves a link's ends to the jobs it creates and to the existing jobs its
 * document jobs match (by group and name), also when it skips those.
 */
const NOW_MS = Date.UTC(2026, 5, 1, 12)

let dir: ReturnType<typeof makeTempDir>
let store: Store
let jobs: JobService
let links: LinkService
let imports: ImportService
let groupId: number
beforeEach(async () => {
  dir = makeTempDir('jobdesk-import-links-')
  store = openSqliteStore(join(dir.path, 'jobdesk.db'))
  jobs = new JobService(store, () => NOW_MS)
  links = new LinkService(store, () => NOW_MS)
  imports = new ImportService(store, jobs, () => NOW_MS)
  groupId = await store.groups.insert(newGroup('billing', 'Billing', NOW_MS))
})
afterEach(async () => {
  await store.close()
  dir.remove()
})

async function addJob(name: string): Promise<number> {
  return (await jobs.save(jobInput(groupId, { name, scheduleType: 'NONE', scheduleConf: '' }))).id
}

/** The links by job name, so ids given by two imports compare. */
async function linksByName(): Promise<{ parent: string; child: string; condition: string }[]> {
  const nameOf = new Map((await store.jobs.list()).map((j) => [j.id, j.name]))
  return ((await store.links.all()) as JobLink[])
    .map((l) => ({ parent: nameOf.get(l.parentJobId)!, child: nameOf.get(l.childJobId)!, condition: l.condition }))
    .sort((a, b) => `${a.parent}>${a.child}`.localeCompare(`${b.parent}>${b.child}`))
}

/** What the report says of links it did not set (skipped jobs have notes of their own). */
const linkNotes = (report: ImportReport) => report.noteMessages.filter((note) => note.code === 'import.linkSkipped')

/** extract → load (SUCCESS), extract → notify (FAILURE), load → report (ALWAYS). */
async function chain(): Promise<Record<string, number>> {
  const ids: Record<string, number> = {}
  for (const name of ['extract', 'load', 'notify', 'report']) ids[name] = await addJob(name)
  await links.save({ parentJobId: ids.extract, childJobId: ids.load, condition: 'SUCCESS' })
  await links.save({ parentJobId: ids.extract, childJobId: ids.notify, condition: 'FAILURE' })
  await links.save({ parentJobId: ids.load, childJobId: ids.report, condition: 'ALWAYS' })
  return ids
}

const CHAIN = [
  { parent: 'extract', child: 'load', condition: 'SUCCESS' },
  { parent: 'extract', child: 'notify', condition: 'FAILURE' },
  { parent: 'load', child: 'report', condition: 'ALWAYS' },
]

describe('import restores links', () => {
  it('export → delete two linked jobs → import: every link is back with its condition', async () => {
    const ids = await chain()
    const doc = await imports.exportJobs()
    await jobs.delete(ids.extract)
    await jobs.delete(ids.load)
    expect(await linksByName()).toEqual([])

    for (const onConflict of ['skip', 'update'] as const) {
      const report = await imports.importJobs(JSON.parse(JSON.stringify(doc)), onConflict)
      expect(await linksByName()).toEqual(CHAIN)
      expect(linkNotes(report)).toEqual([])
    }
    expect((await store.jobs.list()).map((j) => j.name).sort()).toEqual(['extract', 'load', 'notify', 'report'])
  })

  it('a link from a parent that still exists (skipped) to a child the import creates', async () => {
    const ids = await chain()
    const doc = await imports.exportJobs()
    // Only the children are gone: the parents are skipped by name, their links to the new children come back.
    await jobs.delete(ids.load)
    await jobs.delete(ids.notify)
    const report = await imports.importJobs(doc, 'skip')
    expect(report).toMatchObject({ created: 2, skipped: 2 })
    expect(linkNotes(report)).toEqual([])
    expect(await linksByName()).toEqual(CHAIN)
    // child_jobid mirrors the SUCCESS links of the skipped parent too.
    const extract = (await store.jobs.get(ids.extract))!
    const load = (await store.jobs.list()).find((j) => j.name === 'load')!
    expect(extract.childJobIds).toEqual([load.id])
  })

  it('a skipped parent keeps the condition it has and says so; a link it lacks between existing jobs is added', async () => {
    const ids = await chain()
    const doc = await imports.exportJobs()
    await links.save({ parentJobId: ids.extract, childJobId: ids.load, condition: 'ALWAYS' })
    await links.delete(ids.load, ids.report)
    const report = await imports.importJobs(doc, 'skip')
    expect(await linksByName()).toEqual([{ parent: 'extract', child: 'load', condition: 'ALWAYS' }, CHAIN[1], CHAIN[2]])
    expect(linkNotes(report)).toEqual([{ code: 'import.linkSkipped', params: { parentKey: String(ids.extract), childKey: String(ids.load), id: ids.extract } }])
  })
})
