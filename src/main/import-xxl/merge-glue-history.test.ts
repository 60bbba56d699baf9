import { describe, expect, it } from 'vitest'
import { mergeGlueHistory } from './merge-glue-history'

const xxl = (id: number, source: string, remark: string, addTimeMs: number | null) => ({
  id,
  jobId: 5,
  glueType: 'GLUE_SHELL',
  glueSource: source,
  glueRemark: remark,
  addTimeMs,
})
const jd = (id: number, source: string, remark: string, addTimeMs: number) => ({
  id,
  glueType: 'GLUE_SHELL',
  glueSource: source,
  glueRemark: remark,
  addTimeMs,
})
const shape = (list: { glueSource: string; glueRemark: string; addTimeMs: number }[] | null) => list?.map((v) => [v.glueSource, v.glueRemark, v.addTimeMs])

describe('mergeGlueHistory', () => {
  it("puts XXL-JOB's versions before the one the job's save just wrote, keeping that source once", () => {
    const merged = mergeGlueHistory(
      [jd(1, 'v2', 'saved with the job', 900)],
      [xxl(1, 'v1', 'first', 100), xxl(2, 'v2', 'second', 200)],
      { glueType: 'GLUE_SHELL', glueSource: 'v2', glueRemark: 'second' },
      900,
    )
    expect(shape(merged)).toEqual([
      ['v1', 'first', 100],
      ['v2', 'second', 200],
    ])
  })

  it('changes nothing the second time', () => {
    const first = mergeGlueHistory(
      [],
      [xxl(1, 'v1', 'first', 100), xxl(2, 'v2', 'second', 200)],
      { glueType: 'GLUE_SHELL', glueSource: 'v2', glueRemark: 'second' },
      900,
    )!
    const stored = [...first].reverse().map((v, i) => ({ ...v, id: i + 1 }))
    expect(
      mergeGlueHistory(
        stored,
        [xxl(1, 'v1', 'first', 100), xxl(2, 'v2', 'second', 200)],
        { glueType: 'GLUE_SHELL', glueSource: 'v2', glueRemark: 'second' },
        1900,
      ),
    ).toBeNull()
  })

  it("ends with the job's current source when XXL-JOB's history does not", () => {
    const merged = mergeGlueHistory([], [xxl(1, 'v1', 'first', 100)], { glueType: 'GLUE_SHELL', glueSource: 'v9', glueRemark: 'now' }, 900)
    expect(shape(merged)).toEqual([
      ['v1', 'first', 100],
      ['v9', 'now', 900],
    ])
  })

  it('keeps the newest 30 versions', () => {
    const rows = Array.from({ length: 40 }, (_, i) => xxl(i + 1, `v${i + 1}`, `r${i + 1}`, (i + 1) * 10))
    const merged = mergeGlueHistory([], rows, { glueType: 'GLUE_SHELL', glueSource: 'v40', glueRemark: 'r40' }, 900)!
    expect(merged).toHaveLength(30)
    expect(merged[0].glueSource).toBe('v11')
    expect(merged[29].glueSource).toBe('v40')
  })
})
