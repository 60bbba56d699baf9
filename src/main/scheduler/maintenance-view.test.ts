import { describe, expect, it } from 'vitest'
import { MAINTENANCE_SETTING, type MaintenanceState } from '../../shared/calendar/maintenance'
import type { StoredWindow } from '../store/window-repo'
import { MaintenanceView } from './maintenance-view'

const window = (id: number, enabled: boolean): StoredWindow => ({
  id,
  name: `w${id}`,
  timezone: 'UTC',
  timing: { kind: 'once', startMs: 1000, endMs: 2000 },
  scope: { all: true },
  killRunning: false,
  enabled,
  updatedAtMs: 0,
  updatedBy: 'test',
})

/** Repositories that count their reads, with what the test puts in them. */
function repos() {
  const reads = { windows: 0, settings: 0 }
  const data = { windows: [window(1, true), window(2, false)], state: undefined as MaintenanceState | undefined }
  return {
    reads,
    data,
    windows: { all: async () => (reads.windows++, data.windows) },
    settings: {
      get: async <T>(name: string) => {
        reads.settings++
        return (name === MAINTENANCE_SETTING ? data.state : undefined) as T | undefined
      },
    },
  }
}

const versions = (windows: number, settings: number) => ({ jobs: 0, links: 0, calendars: 0, windows, settings })

describe('MaintenanceView', () => {
  it('rereads the windows and pause-all only when their version moved, keeping the enabled windows', async () => {
    const r = repos()
    const view = new MaintenanceView()
    await view.refresh(r as never, versions(1, 1))
    await view.refresh(r as never, versions(1, 1))
    expect(r.reads).toEqual({ windows: 1, settings: 1 })
    expect(view.windows.map((w) => w.id)).toEqual([1])
    await view.refresh(r as never, versions(2, 1))
    expect(r.reads).toEqual({ windows: 2, settings: 1 })
  })

  it('knows pause-all while on, and the span it held once off; a node that never saw it on has none', async () => {
    const r = repos()
    const view = new MaintenanceView()
    r.data.state = { on: true, reason: 'upgrade', by: 'ops', sinceMs: 10_000 }
    await view.refresh(r as never, versions(1, 1))
    expect(view.paused).toBe(true)
    expect(view.termsAt(20_000).pause).toBeNull()
    r.data.state = { on: false, reason: '', by: 'ops', sinceMs: 50_000 }
    await view.refresh(r as never, versions(1, 2))
    expect(view.paused).toBe(false)
    expect(view.termsAt(50_001).pause).toEqual({ fromMs: 10_000, toMs: 50_000 })
    expect(view.resumedAtMs(50_001)).toBe(50_000)

    const late = new MaintenanceView()
    await late.refresh(r as never, versions(1, 2))
    expect(late.termsAt(50_001).pause).toBeNull()
    expect(late.resumedAtMs(50_001)).toBe(0)
  })

  it('asks for the held jobs to be looked at again after every change of the windows, page by page', async () => {
    const r = repos()
    const view = new MaintenanceView()
    await view.refresh(r as never, versions(1, 1))
    expect(view.reconsidering).toBe(0)
    view.reconsidered(40)
    expect(view.reconsidering).toBe(40)
    view.reconsidered(null)
    await view.refresh(r as never, versions(1, 1))
    expect(view.reconsidering).toBeNull()
    await view.refresh(r as never, versions(2, 1))
    expect(view.reconsidering).toBe(0)
  })
})
