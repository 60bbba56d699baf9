import { describe, expect, it } from 'vitest'
import { splitLogPrefix } from './log-prefix'

describe('splitLogPrefix', () => {
  it('separates time, source and message of a JobDesk executor line', () => {
    const line = '2026-12-01 08:58:02 [jobdesk.BuiltinHandlers#demoJobHandler]-[0]-[jobdesk, JobThread-1-1796115905033] demoJobHandler, param: hello'
    expect(splitLogPrefix(line)).toEqual({
      timestamp: '2026-12-01 08:58:02',
      time: '08:58:02',
      source: '[jobdesk.BuiltinHandlers#demoJobHandler]-[0]-[jobdesk, JobThread-1-1796115905033]',
      message: 'demoJobHandler, param: hello',
    })
  })

  it('reads xxl-job-core’s lines, with milliseconds and a thread name holding spaces', () => {
    const line =
      '2024-03-05 10:11:12.345 [com.xxl.job.core.thread.JobThread#run]-[133]-[xxl-job, EmbedServer bizThreadPool-1] ----------- xxl-job job execute start'
    expect(splitLogPrefix(line)).toMatchObject({
      time: '10:11:12',
      source: '[com.xxl.job.core.thread.JobThread#run]-[133]-[xxl-job, EmbedServer bizThreadPool-1]',
      message: '----------- xxl-job job execute start',
    })
  })

  it('keeps a prefix with an empty message (the message follows after a <br>)', () => {
    expect(splitLogPrefix('2026-12-01 08:58:02 [a#b]-[0]-[t] ')?.message).toBe('')
  })

  it('leaves other lines alone: script output, a bracket later in the line, a date without the source', () => {
    expect(splitLogPrefix('a line from the script')).toBeNull()
    expect(splitLogPrefix('note: 2026-12-01 08:58:02 [a#b]-[0]-[t] x')).toBeNull()
    expect(splitLogPrefix('2026-12-01 08:58:02 plain text')).toBeNull()
  })
})
