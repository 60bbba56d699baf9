import { describe, expect, it } from 'vitest'
import { finishedRunOf, htmlToText, isFinished, triggerTypeOf } from './map-xxl-runs'

describe("XXL-JOB's runs", () => {
  it('takes the trigger type from the trigger message, in any of its languages', () => {
    expect(triggerTypeOf('任务触发类型：Cron触发<br>')).toBe('CRON')
    expect(triggerTypeOf('任務觸發類型：失敗重試觸發')).toBe('RETRY')
    expect(triggerTypeOf('Job trigger type: Parent job trigger')).toBe('PARENT')
    expect(triggerTypeOf('任务触发类型：调度过期补偿')).toBe('MISFIRE')
    expect(triggerTypeOf('something else')).toBe('MANUAL')
  })

  it("turns XXL-JOB's HTML messages into text", () => {
    expect(htmlToText('a<br>b<br/><span style="color:red;">c</span> &lt;d&gt; &amp;&nbsp;e  <br>')).toBe('a\nb\nc <d> & e')
  })

  it('counts a run as finished once its trigger failed or its handler answered', () => {
    expect(isFinished({ triggerCode: 500, handleCode: 0 })).toBe(true)
    expect(isFinished({ triggerCode: 200, handleCode: 0 })).toBe(false)
    expect(isFinished({ triggerCode: 0, handleCode: 0 })).toBe(false)
    expect(isFinished({ triggerCode: 200, handleCode: 502 })).toBe(true)
  })

  it('writes a finished run for its JobDesk job and group, with no schedule time and no parent', () => {
    const row = {
      id: 1,
      jobGroup: 9,
      jobId: 9,
      executorAddress: 'http://e:9999/',
      executorHandler: 'h',
      executorParam: 'p',
      executorShardingParam: '1/2',
      executorFailRetryCount: 1,
      triggerTimeMs: 1000,
      triggerCode: 200,
      triggerMsg: 'Cron trigger',
      handleTimeMs: null,
      handleCode: 500,
      handleMsg: 'boom',
      alarmStatus: 0,
    }
    expect(finishedRunOf(row, 3, 4)).toEqual({
      jobGroup: 4,
      jobId: 3,
      executorAddress: 'http://e:9999/',
      executorHandler: 'h',
      executorParam: 'p',
      executorShardingParam: '1/2',
      executorFailRetryCount: 1,
      triggerTimeMs: 1000,
      triggerType: 'CRON',
      scheduleTimeMs: null,
      parentLogId: null,
      triggerCode: 200,
      triggerMsg: 'Cron trigger',
      handleTimeMs: 0,
      handleCode: 500,
      handleMsg: 'boom',
      alarmStatus: 0,
    })
  })
})
