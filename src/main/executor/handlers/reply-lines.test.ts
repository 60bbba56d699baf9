import { describe, expect, it } from 'vitest'
import { ReplyLines } from './reply-lines'

describe('ReplyLines', () => {
  it('writes each line once it is complete, the rest at the flush', () => {
    const written: string[] = []
    const lines = new ReplyLines((line) => written.push(line))
    for (const part of ['Dear', ' team,\nthe disk', ' is full.\n\nRe', 'gards']) lines.push(part)
    expect(written).toEqual(['Dear team,', 'the disk is full.', ''])
    lines.flush()
    expect(written).toEqual(['Dear team,', 'the disk is full.', '', 'Regards'])
  })

  it('cuts a line longer than the limit into parts as it arrives', () => {
    const written: string[] = []
    const lines = new ReplyLines((line) => written.push(line), 4)
    lines.push('abcdefghij')
    expect(written).toEqual(['abcd', 'efgh'])
    lines.flush()
    lines.flush()
    expect(written).toEqual(['abcd', 'efgh', 'ij'])
  })
})
