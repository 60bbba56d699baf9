import { describe, expect, it } from 'vitest'
import { withLineBreaks } from './line-breaks'

describe('XXL-JOB line breaks as text', () => {
  it.each([
    [
      '2026-12-07 03:00:00 [main] start<br>----------- xxl-job job execute start -----------<br>',
      '2026-12-07 03:00:00 [main] start\n----------- xxl-job job execute start -----------\n',
    ],
    ['a<BR/>b<br />c', 'a\nb\nc'],
    ['no breaks, and <b>bold</b> stays text', 'no breaks, and <b>bold</b> stays text'],
    ['<brr> is not a break', '<brr> is not a break'],
  ])('%j → %j', (text, expected) => {
    expect(withLineBreaks(text)).toBe(expected)
  })
})
