import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../../shared/model'
import { alarmText, flowNoticeText } from './event-text'

const alarm = { type: 'alarm' as const, logId: 7, jobId: 3, jobName: 'nightly', handleMsg: '', reason: 'refused (code 500) in 2 ms: no executor' }

describe('alarmText', () => {
  it('says a refused trigger in the console’s language from the run’s trail', () => {
    const run = {
      handleMsg: '',
      triggerMsg: 'Trigger result: refused (code 500) in 2 ms: no executor',
      triggerTrail: { triggerType: 'CRON', route: null, result: { code: 'triggerResult.refused', params: { code: 500, ms: 2, msg: 'no executor' } } },
    } as unknown as JobRun
    expect(alarmText('zh-CN', alarm, run)).toBe('被拒绝（代码 500），耗时 2 毫秒：no executor')
    expect(alarmText('en', alarm, run)).toBe('refused (code 500) in 2 ms: no executor')
  })

  it('keeps an executor’s handle message as it wrote it, and the core’s line for a run it does not hold', () => {
    expect(alarmText('zh-CN', alarm, { handleMsg: 'disk full', triggerMsg: '', triggerTrail: null } as unknown as JobRun)).toBe('disk full')
    expect(alarmText('zh-CN', alarm, undefined)).toBe(alarm.reason)
  })
})

describe('flowNoticeText', () => {
  it('names the failed nodes and the time limit in the language', () => {
    expect(flowNoticeText('en', { kind: 'failed', detail: 'extract, load' })).toBe('Failed nodes: extract, load')
    expect(flowNoticeText('zh-CN', { kind: 'failed', detail: 'extract, load' })).toBe('失败的节点：extract, load')
    expect(flowNoticeText('en', { kind: 'timeout', detail: '3600 s' })).toBe('Time limit: 1 hr')
    expect(flowNoticeText('zh-CN', { kind: 'timeout', detail: '90 s' })).toBe('时间上限：1分钟30秒')
  })

  it('shows an approval’s prompt, the operator’s own words, as it is', () => {
    expect(flowNoticeText('zh-CN', { kind: 'approval', detail: 'Ship it?' })).toBe('Ship it?')
  })
})
