import { describe, expect, it } from 'vitest'
import { agendaByDay, agendaCsv } from './agenda'

const simulation = {
  fires: [
    { jobId: 1, time: Date.parse('2026-02-13T02:00:00Z') },
    { flowId: 4, time: Date.parse('2026-02-13T17:00:00Z'), rolledFrom: Date.parse('2026-02-14T17:00:00Z') },
  ],
  skipped: [{ jobId: 1, slot: Date.parse('2026-02-15T02:00:00Z'), reason: 'holiday' as const, detail: 'Spring, "Festival"' }],
  cut: false,
}

describe('the agenda', () => {
  it('groups fires and skipped slots by the local day', () => {
    const days = agendaByDay(simulation, 'Asia/Shanghai')
    expect([...days.keys()]).toEqual(['2026-02-13', '2026-02-14', '2026-02-15'])
    expect(days.get('2026-02-14')).toEqual([
      { time: Date.parse('2026-02-13T17:00:00Z'), target: { flowId: 4 }, fires: true, rolledFrom: Date.parse('2026-02-14T17:00:00Z') },
    ])
    expect(days.get('2026-02-15')).toEqual([
      { time: Date.parse('2026-02-15T02:00:00Z'), target: { jobId: 1 }, fires: false, reason: 'holiday', detail: 'Spring, "Festival"' },
    ])
  })

  it('writes CSV with quoted cells where they need it', () => {
    expect(agendaCsv(simulation)).toBe(
      'time,target,fires,reason,detail\n2026-02-13T02:00:00.000Z,job 1,fires,,\n2026-02-13T17:00:00.000Z,flow 4,fires,,\n2026-02-15T02:00:00.000Z,job 1,skipped,holiday,"Spring, ""Festival"""\n',
    )
  })
})
