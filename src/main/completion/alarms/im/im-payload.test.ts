import { describe, expect, it } from 'vitest'
import { failedCronRun } from '../alarm-facts.fixtures'
import { buildImRequest, imReplyError, WECOM_CONTENT_MAX_BYTES } from './im-payload'
import { flowNote, infraNote, runNote, type ImNote } from './im-note'
import { feishuSignFields } from './im-sign'

const facts = failedCronRun({ jobName: 'Nightly *export*', handleMsg: 'disk full<br>at /var/data', retriesLeft: 2 })

const note: ImNote = { tone: 'alarm', title: 'T', rows: [['Job', '7 a_b']], text: 'Reason: x', link: { label: 'Open run 1', url: 'http://h:1/#/runs/1' } }

describe('IM notes', () => {
  it('a failed run in English: facts, the reason on one line, the run link under the console base', () => {
    expect(runNote(facts, 'en', 'http://jobdesk.lan:8080/')).toEqual({
      tone: 'alarm',
      title: 'JobDesk alarm: job 7 Nightly *export* failed',
      rows: [
        ['Job', '7 Nightly *export*'],
        ['Executor group', 'Billing (billing-app)'],
        ['Trigger', 'Cron'],
        ['Trigger time', '2026-11-30 02:00:00 UTC'],
        ['Handle time', '2026-11-30 02:00:42 UTC'],
        ['Retries left', '2'],
        ['Run', '4711'],
      ],
      text: 'Reason: disk full at /var/data',
      link: { label: 'Open run 4711', url: 'http://jobdesk.lan:8080/#/runs/4711' },
    })
  })

  it('a failed run in Chinese, without a link when no console base is known', () => {
    const zh = runNote({ ...facts, triggerType: 'RETRY', handleMsg: 'x'.repeat(900) }, 'zh-CN', '')
    expect(zh.title).toBe('JobDesk 告警：任务 7 Nightly *export* 执行失败')
    expect(zh.rows[2]).toEqual(['触发方式', '失败重试'])
    expect(zh.text).toBe(`失败原因: ${'x'.repeat(499)}…`)
    expect(zh.link).toBeNull()
  })

  it('flow timeouts and infrastructure alerts in the channel language', () => {
    const flow = flowNote({ kind: 'timeout', flowRunId: 9, flowId: 3, flowName: 'ETL', alarmEmail: '', timeoutSec: 60 }, 'zh-CN', 'https://j.example')
    expect(flow).toMatchObject({ title: 'JobDesk 告警：工作流 3 ETL 运行超时', link: { url: 'https://j.example/#/flows/run/9' } })
    const infra = infraNote({ kind: 'misfireBurst', subject: 'billing-app', eventTimeMs: Date.UTC(2026, 0, 1), detail: '', language: 'en' }, 'zh-CN')
    expect(infra.title).toBe('[JobDesk] 调度过期集中发生：billing-app')
  })
})

describe('vendor payloads', () => {
  it('DingTalk: markdown with a title, the escaped facts and the link; unsigned without a secret', () => {
    const request = buildImRequest({ type: 'dingtalk', url: 'http://127.0.0.1:1/robot/send?access_token=a' }, note, 0)
    expect(request.url).toBe('http://127.0.0.1:1/robot/send?access_token=a')
    expect(request.body).toBe(
      JSON.stringify({ msgtype: 'markdown', markdown: { title: 'T', text: '#### T\n\n- **Job**: 7 a\\_b\n\nReason: x\n\n[Open run 1](http://h:1/#/runs/1)' } }),
    )
  })

  it('WeCom: markdown content, cut to 4096 bytes of UTF-8', () => {
    const request = buildImRequest({ type: 'wecom', url: 'http://127.0.0.1:1/cgi-bin/webhook/send?key=k' }, note, 0)
    expect(request.body).toBe(
      JSON.stringify({ msgtype: 'markdown', markdown: { content: '**T**\n\n- **Job**: 7 a\\_b\n\nReason: x\n\n[Open run 1](http://h:1/#/runs/1)' } }),
    )
    const long = buildImRequest({ type: 'wecom', url: 'http://x/' }, { ...note, text: '告'.repeat(3000) }, 0)
    const content = (JSON.parse(long.body) as { markdown: { content: string } }).markdown.content
    expect(Buffer.byteLength(content, 'utf8')).toBeLessThanOrEqual(WECOM_CONTENT_MAX_BYTES)
    expect(Buffer.byteLength(content, 'utf8')).toBeGreaterThan(WECOM_CONTENT_MAX_BYTES - 3)
  })

  it('Feishu: an interactive card with a markdown element, the signature fields first when signed', () => {
    const request = buildImRequest({ type: 'feishu', url: 'http://127.0.0.1:1/open-apis/bot/v2/hook/h', secret: 's' }, note, 1_700_000_000_000)
    const { timestamp, sign } = feishuSignFields('s', 1_700_000_000_000)
    expect(request.body).toBe(
      JSON.stringify({
        timestamp,
        sign,
        msg_type: 'interactive',
        card: {
          header: { template: 'red', title: { tag: 'plain_text', content: 'T' } },
          elements: [{ tag: 'markdown', content: '- **Job**: 7 a\\_b\n\nReason: x\n\n[Open run 1](http://h:1/#/runs/1)' }],
        },
      }),
    )
  })

  it('Slack: a fallback text and one mrkdwn section, with &, < and > escaped', () => {
    const request = buildImRequest({ type: 'slack', url: 'http://127.0.0.1:1/services/T/B/x' }, { ...note, text: 'a <b> & c' }, 0)
    expect(request.body).toBe(
      JSON.stringify({
        text: 'T',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*T*\n*Job*: 7 a_b\n>a &lt;b&gt; &amp; c\n<http://h:1/#/runs/1|Open run 1>' } }],
      }),
    )
  })
})

describe('vendor replies', () => {
  it('reads each vendor’s success and error forms', () => {
    expect(imReplyError('dingtalk', '{"errcode":0,"errmsg":"ok"}')).toBeNull()
    expect(imReplyError('dingtalk', '{"errcode":310000,"errmsg":"sign not match"}')).toBe('errcode 310000 sign not match')
    expect(imReplyError('wecom', '{"errcode":93000,"errmsg":"invalid webhook url"}')).toBe('errcode 93000 invalid webhook url')
    expect(imReplyError('feishu', '{"code":0,"msg":"success"}')).toBeNull()
    expect(imReplyError('feishu', '{"StatusCode":0,"StatusMessage":"success"}')).toBeNull()
    expect(imReplyError('feishu', '{"code":19021,"msg":"sign match fail"}')).toBe('code 19021 sign match fail')
    expect(imReplyError('slack', 'ok')).toBeNull()
    expect(imReplyError('slack', 'invalid_payload')).toBe('replied "invalid_payload"')
    expect(imReplyError('wecom', '<html>')).toBe('reply is not JSON: "<html>"')
  })
})
