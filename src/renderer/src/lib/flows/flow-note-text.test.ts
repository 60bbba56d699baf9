import { describe, expect, it } from 'vitest'
import { flowNoteLabel } from './flow-note-text'

describe('flowNoteLabel', () => {
  it('says the core’s notes in Chinese, with durations in Chinese units', () => {
    expect(flowNoteLabel('zh-CN', 'killed by ann')).toBe('已被 ann 终止')
    expect(flowNoteLabel('zh-CN', 'timed out after 90 s')).toBe('运行1分钟30秒后超时')
    expect(flowNoteLabel('zh-CN', 'marked success by desktop')).toBe('已被 desktop 标记为成功')
    expect(flowNoteLabel('zh-CN', 'approved by ann: ship it')).toBe('已被 ann 批准：ship it')
    expect(flowNoteLabel('zh-CN', 'rejected: not decided within 3600 s')).toBe('已拒绝：1小时内未作决定')
    expect(flowNoteLabel('zh-CN', 'job 4 does not exist')).toBe('任务 #4 不存在')
  })

  it('says them in English too, and leaves a text it does not know as it is', () => {
    expect(flowNoteLabel('en', 'rejected by bo')).toBe('Rejected by bo')
    expect(flowNoteLabel('en', 'timed out after 1 s')).toBe('Timed out after 1 sec')
    expect(flowNoteLabel('zh-CN', 'connect ECONNREFUSED 127.0.0.1:9')).toBe('connect ECONNREFUSED 127.0.0.1:9')
  })
})
