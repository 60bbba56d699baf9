import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../test/support/executor-fixtures'
import { writeGlueSource } from './glue-source-file'

describe('writeGlueSource', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined
  afterEach(async () => {
    await temp?.remove()
    temp = undefined
  })

  it("deletes the job's older versions when a new version is first written, and only the job's", async () => {
    temp = await makeTempDir()
    const dir = join(temp.dir, 'gluesource')
    await mkdir(dir)
    await writeFile(join(dir, '70_5.sh'), 'another job\n')
    await writeFile(join(dir, '7_1.py'), 'an older version, another glue type\n')
    expect(writeGlueSource(temp.dir, 7, 2, '.sh', 'echo v2\n')).toBe(join(dir, '7_2.sh'))
    expect((await readdir(dir)).sort()).toEqual(['70_5.sh', '7_2.sh'])
    writeGlueSource(temp.dir, 7, 3, '.sh', 'echo v3\n')
    expect((await readdir(dir)).sort()).toEqual(['70_5.sh', '7_3.sh'])
  })

  it('rewrites the same version on every run', async () => {
    temp = await makeTempDir()
    const path = writeGlueSource(temp.dir, 7, 2, '.sh', 'echo one\n')
    await writeFile(path, 'edited by hand\n')
    writeGlueSource(temp.dir, 7, 2, '.sh', 'echo one\n')
    expect(await readFile(path, 'utf8')).toBe('echo one\n')
  })
})
