import { describe, expect, it } from 'vitest'
import type { TriggerTrail } from '../../shared/trigger-trail'
import { joinTrailTexts, runPartResult, runPartText, splitTrail } from './trail-parts'

const ADDRESS = 'http://127.0.0.1:9999/'
const trail = {
  version: 1,
  route: { strategy: 'FIRST', candidates: [ADDRESS], chosen: ADDRESS, reason: { code: 'route.first', params: {} }, probes: [] },
  result: { code: 'triggerResult.refused', params: { code: 500, msg: 'job handler [x] not found' } },
} as unknown as TriggerTrail

describe('a run part read back alone', () => {
  it('gives the result the whole trail holds, for the part written now and for the bare result of the first release', () => {
    const { shape, run } = splitTrail(trail)
    const written = runPartText(run, ADDRESS)
    expect(runPartResult(written)).toEqual(joinTrailTexts(JSON.stringify(shape), written, ADDRESS).result)
    expect(runPartResult(written)).toEqual(trail.result)
    expect(runPartResult(JSON.stringify(trail.result))).toEqual(trail.result)
  })
})
