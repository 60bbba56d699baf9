import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../test/support/temp-dir'
import { RunContext } from './run-handler'
import type { RunRequest } from './runner-protocol'

const run: RunRequest = { requestId: 7, slot: 0, jobId: 3, logId: 41, handler: 'h', param: '', shardIndex: 0, shardTotal: 1 }

let remove = () => {}
afterEach(() => remove())

describe("a run's artifact folder (ctx.artifactsDir)", () => {
  it('is made on first use only, and the host is told once, with the run', () => {
    const root = makeTempDir()
    remove = root.remove
    const told: number[] = []
    const ctx = new RunContext(
      run,
      () => {},
      root.path,
      (requestId) => told.push(requestId),
    )
    expect(existsSync(join(root.path, '41'))).toBe(false)
    expect(ctx.artifactsDir).toBe(join(root.path, '41'))
    expect(ctx.artifactsDir).toBe(join(root.path, '41'))
    expect(existsSync(join(root.path, '41'))).toBe(true)
    expect(told).toEqual([7])
  })

  it('is absent, and nothing is told, without an artifacts root', () => {
    const told: number[] = []
    const ctx = new RunContext(
      run,
      () => {},
      undefined,
      (requestId) => told.push(requestId),
    )
    expect(ctx.artifactsDir).toBeUndefined()
    expect(told).toEqual([])
  })
})
