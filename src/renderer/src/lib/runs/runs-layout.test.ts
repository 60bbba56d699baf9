import { describe, expect, it } from 'vitest'
import {
  clampListWidth,
  defaultListWidth,
  DEFAULT_RUN_COLUMN_WIDTHS,
  gridTemplate,
  MAX_COLUMN_PX,
  MIN_COLUMN_PX,
  readRunColumnWidths,
  resizeColumn,
  rowWidth,
} from './runs-layout'

describe('the runs list columns', () => {
  it('resize by the dragged distance, within bounds, leaving the others', () => {
    const wider = resizeColumn(DEFAULT_RUN_COLUMN_WIDTHS, 'job', 80.4)
    expect(wider.job).toBe(DEFAULT_RUN_COLUMN_WIDTHS.job + 80)
    expect(wider.address).toBe(DEFAULT_RUN_COLUMN_WIDTHS.address)
    expect(resizeColumn(DEFAULT_RUN_COLUMN_WIDTHS, 'id', -500).id).toBe(MIN_COLUMN_PX)
    expect(resizeColumn(DEFAULT_RUN_COLUMN_WIDTHS, 'job', 5000).job).toBe(MAX_COLUMN_PX)
    // No change, same object (nothing re-renders).
    expect(resizeColumn(DEFAULT_RUN_COLUMN_WIDTHS, 'id', 0)).toBe(DEFAULT_RUN_COLUMN_WIDTHS)
  })

  it('make one grid template and the row width it needs', () => {
    const widths = { ...DEFAULT_RUN_COLUMN_WIDTHS, id: 50 }
    expect(gridTemplate(widths).split(' ')[0]).toBe('50px')
    expect(gridTemplate(widths).split(' ')).toHaveLength(8)
    expect(rowWidth(widths)).toBe(Object.values(widths).reduce((a, b) => a + b, 0) + 7 * 8 + 16)
  })

  it('read stored widths, keeping defaults for anything missing or absurd', () => {
    expect(readRunColumnWidths({ job: 300, id: -3, group: 'wide', type: 1e9 })).toEqual({ ...DEFAULT_RUN_COLUMN_WIDTHS, job: 300 })
    expect(readRunColumnWidths(null)).toEqual(DEFAULT_RUN_COLUMN_WIDTHS)
  })
})

describe('defaultListWidth', () => {
  it('is half the page where the key columns fit in it', () => {
    expect(defaultListWidth(1200, DEFAULT_RUN_COLUMN_WIDTHS)).toBe(600)
  })

  it('widens on a narrow page until the id, job, status and time columns show whole', () => {
    // 64 + 240 + 84 + 140, three gaps of 8, 16 of padding and 16 for a scroll bar.
    expect(defaultListWidth(1036, DEFAULT_RUN_COLUMN_WIDTHS)).toBe(584)
    expect(defaultListWidth(1036, { ...DEFAULT_RUN_COLUMN_WIDTHS, job: 160 })).toBe(518)
  })
})

describe('clampListWidth', () => {
  it('keeps room for the list and the run detail', () => {
    expect(clampListWidth(100, 1200)).toBe(320)
    expect(clampListWidth(1100, 1200)).toBe(780)
    expect(clampListWidth(600.6, 1200)).toBe(601)
  })

  it('splits a page too narrow for both evenly', () => {
    expect(clampListWidth(100, 600)).toBe(300)
  })
})
