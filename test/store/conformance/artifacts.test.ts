import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { ArtifactStore, DEFAULT_ARTIFACT_LIMITS, type ArtifactLimits } from '../../../src/main/artifacts/artifact-store'
import { deleteExpiredRuns } from '../../../src/main/completion/log-maintenance'
import { silentLogger } from '../../../src/main/kernel/logger'
import { newRun } from '../../support/new-run'
import { storeSuite, T0 } from './store-fixture'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

storeSuite('ArtifactRepo and ArtifactStore', (f) => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-artifacts-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const storeWith = (limits: Partial<ArtifactLimits> = {}) =>
    new ArtifactStore({ root: join(dir, 'kept'), repos: f.store, limits: { ...DEFAULT_ARTIFACT_LIMITS, ...limits }, nowMs: () => T0, logger: silentLogger })
  const runFolder = (files: Record<string, string | Buffer>) => {
    const folder = join(dir, 'run')
    mkdirSync(folder, { recursive: true })
    for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content)
    return folder
  }

  it("keeps a run folder's files with their size, sniffed type and sha256, and lists them by name", async () => {
    const runId = (await f.store.runs.insert(newRun({ jobId: 7, triggerTimeMs: T0 })))!
    const artifacts = storeWith()
    const lines = await artifacts.keepFolder(runId, runFolder({ 'report.csv': 'a,b\n1,2\n', 'dot.png': PNG, 'page.html': '<script>alert(1)</script>' }))
    expect(lines).toEqual([
      'artifact dot.png: kept (70 B, image/png)',
      'artifact page.html: kept (25 B, text/plain)',
      'artifact report.csv: kept (8 B, text/csv)',
    ])
    const listed = await f.store.artifacts.listForRun(runId)
    expect(listed.map((a) => [a.name, a.size, a.contentType])).toEqual([
      ['dot.png', 70, 'image/png'],
      ['page.html', 25, 'text/plain'],
      ['report.csv', 8, 'text/csv'],
    ])
    expect(listed[2].sha256).toBe(createHash('sha256').update('a,b\n1,2\n').digest('hex'))
    expect(listed[2].storedAtMs).toBe(T0)
    expect(readFileSync(join(dir, 'kept', String(runId), 'report.csv'), 'utf8')).toBe('a,b\n1,2\n')
    const opened = await artifacts.open(runId, 'report.csv')
    expect(opened?.view.name).toBe('report.csv')
    const chunks: Buffer[] = []
    for await (const chunk of opened!.content) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('a,b\n1,2\n')
    expect(await artifacts.open(runId, '../jobdesk.db')).toBeNull()
  })

  it('refuses a file over a limit with the size and the limit in words, and keeps the rest', async () => {
    const runId = (await f.store.runs.insert(newRun({ jobId: 7, triggerTimeMs: T0 })))!
    const artifacts = storeWith({ perFileBytes: 10 * 1024 * 1024, perRunBytes: 13 * 1024 * 1024 })
    const lines = await artifacts.keepFolder(
      runId,
      runFolder({
        'report.csv': Buffer.alloc(12 * 1024 * 1024, 0x41),
        'a.txt': Buffer.alloc(8 * 1024 * 1024, 0x41),
        'b.txt': Buffer.alloc(6 * 1024 * 1024, 0x41),
      }),
    )
    expect(lines).toEqual([
      'artifact a.txt: kept (8 MB, text/plain)',
      'artifact b.txt: 6 MB is over the 13 MB limit per run (5 MB left)',
      'artifact report.csv: 12 MB is over the 10 MB limit per file',
    ])
    expect((await f.store.artifacts.listForRun(runId)).map((a) => a.name)).toEqual(['a.txt'])
    // A stream with no declared size is cut once it passes the limit, and leaves nothing behind.
    const cut = await artifacts.keep(runId, 'big.bin', Readable.from([Buffer.alloc(3 * 1024 * 1024), Buffer.alloc(3 * 1024 * 1024)]))
    expect(cut).toEqual({ refused: 'artifact big.bin: more than 6 MB, over the 13 MB limit per run (5 MB left)' })
    expect(existsSync(join(dir, 'kept', String(runId), '.big.bin.part'))).toBe(false)
  })

  it('refuses names that try to leave the folder, and links', async () => {
    const runId = (await f.store.runs.insert(newRun({ jobId: 7, triggerTimeMs: T0 })))!
    const artifacts = storeWith()
    for (const name of ['../escape.txt', 'a/b.txt', 'a\\b.txt', '..', 'bad\nname', '.hidden']) {
      const result = await artifacts.keep(runId, name, Readable.from([Buffer.from('x')]))
      expect(result).toHaveProperty('refused')
      expect((result as { refused: string }).refused).toContain(`artifact ${JSON.stringify(name)}: refused`)
    }
    const folder = runFolder({ 'ok.txt': 'ok' })
    writeFileSync(join(dir, 'secret.txt'), 'not for the run')
    symlinkSync(join(dir, 'secret.txt'), join(folder, 'link.txt'))
    mkdirSync(join(folder, 'sub'))
    expect(await artifacts.keepFolder(runId, folder)).toEqual([
      'artifact "link.txt": not kept, only plain files are (no folders or links)',
      'artifact ok.txt: kept (2 B, text/plain)',
      'artifact "sub": not kept, only plain files are (no folders or links)',
    ])
    expect(existsSync(join(dir, 'escape.txt'))).toBe(false)
    expect((await f.store.artifacts.listForRun(runId)).map((a) => a.name)).toEqual(['ok.txt'])
  })

  it("retention deletes the artifacts' rows with their runs and then the files; the start-up sweep removes orphan folders", async () => {
    const old = (await f.store.runs.insert(newRun({ jobId: 7, triggerTimeMs: T0 })))!
    const now = T0 + 40 * 86_400_000
    const fresh = (await f.store.runs.insert(newRun({ jobId: 7, triggerTimeMs: now })))!
    const artifacts = storeWith()
    await artifacts.keepFolder(old, runFolder({ 'old.txt': 'old' }))
    rmSync(join(dir, 'run'), { recursive: true })
    await artifacts.keepFolder(fresh, runFolder({ 'fresh.txt': 'fresh' }))
    expect(await deleteExpiredRuns(f.store, now, 30, (ids) => artifacts.removeRuns(ids))).toBe(1)
    expect(await f.store.artifacts.listForRun(old)).toEqual([])
    expect(existsSync(join(dir, 'kept', String(old)))).toBe(false)
    expect((await f.store.artifacts.listForRun(fresh)).map((a) => a.name)).toEqual(['fresh.txt'])

    // A crash between the rows and the files, or a file written and not yet indexed: the sweep.
    mkdirSync(join(dir, 'kept', '999999'), { recursive: true })
    writeFileSync(join(dir, 'kept', '999999', 'x.txt'), 'x')
    writeFileSync(join(dir, 'kept', String(fresh), '.half.txt.part'), 'half')
    expect(await artifacts.sweep()).toBe(1)
    expect(existsSync(join(dir, 'kept', '999999'))).toBe(false)
    expect(existsSync(join(dir, 'kept', String(fresh), '.half.txt.part'))).toBe(false)
    expect(existsSync(join(dir, 'kept', String(fresh), 'fresh.txt'))).toBe(true)
  })

  it('lets exactly one of two nodes use a one-time link, and forgets it once it expired', async () => {
    const other = await f.another()
    const claims = await Promise.all([f.store.artifacts.claimFetch('link-1', T0 + 60_000, T0), other.artifacts.claimFetch('link-1', T0 + 60_000, T0)])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await f.store.artifacts.claimFetch('link-1', T0 + 60_000, T0 + 1)).toBe(false)
    expect(await f.store.artifacts.claimFetch('link-2', T0 + 60_000, T0 + 1)).toBe(true)
    expect(await f.store.artifacts.claimFetch('link-1', T0 + 120_000, T0 + 60_000)).toBe(true)
  })
})
