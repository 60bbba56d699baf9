import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'

// The handler example of docs/handlers.md (examples/handlers/folder-size.mjs) runs as written.
const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'examples', 'handlers')

let t: TestCore | undefined
let folder: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  await t?.stop()
  folder?.remove()
  t = folder = undefined
})

describe('the example handler module of docs/handlers.md', () => {
  it('measures a folder, and fails with its reason when the folder is over the limit', async () => {
    folder = makeTempDir('jobdesk-folder-')
    mkdirSync(join(folder.path, 'sub'))
    writeFileSync(join(folder.path, 'a.bin'), Buffer.alloc(300_000))
    writeFileSync(join(folder.path, 'b.bin'), Buffer.alloc(300_000))
    t = await startTestCore({ executorOptions: { handlerDirs: [EXAMPLES] } })
    const ok = await t.addJob({ executorHandler: 'folderSize', executorParam: JSON.stringify({ path: folder.path, limitMb: 1 }) })
    const over = await t.addJob({ executorHandler: 'folderSize', executorParam: JSON.stringify({ path: folder.path, limitMb: 0.5 }) })
    await t.core.api.triggerJob({ jobId: ok })
    await t.core.api.triggerJob({ jobId: over })
    const [passed] = await t.finishedRuns(ok, 1)
    const [failed] = await t.finishedRuns(over, 1)
    expect(passed).toMatchObject({ handleCode: 200, handleMsg: '2 files, 0.6 MB' })
    expect(failed.handleCode).toBe(500)
    expect(failed.handleMsg).toContain('over the limit of 0.5 MB')
    const log = await t.core.api.getRunLog({ logId: passed.id, fromLineNum: 1 })
    expect(log.logContent).toContain(`${folder.path}: 2 files, 0.6 MB (limit 1 MB)`)
  })

  it('says what the parameter should be when it is missing', async () => {
    t = await startTestCore({ executorOptions: { handlerDirs: [EXAMPLES] } })
    const job = await t.addJob({ executorHandler: 'folderSize', executorParam: '' })
    await t.core.api.triggerJob({ jobId: job })
    const [run] = await t.finishedRuns(job, 1)
    expect(run).toMatchObject({ handleCode: 500, handleMsg: expect.stringContaining('param.path') })
  })

  it('shards a broadcast: each shard takes every n-th item', async () => {
    t = await startTestCore({ executorOptions: { handlerDirs: [EXAMPLES] } })
    const job = await t.addJob({ executorHandler: 'shardedCleanup', executorParam: '10' })
    await t.core.api.triggerJob({ jobId: job })
    const [run] = await t.finishedRuns(job, 1)
    expect(run).toMatchObject({ handleCode: 200, handleMsg: 'shard 1/1: 10 items' })
  })
})
