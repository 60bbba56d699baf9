import type { ImChannel } from '../../../../src/shared/settings-types'
import { reply, startHttpRecorder, type HttpRecorder, type RecordedRequest } from '../../alarms/support/http-recorder'
import { startMailSink, type MailSink } from '../../alarms/support/mail-sink'

/** A marker every robot reply carries, so a test can tell that replies reached the log at all. */
export const ECHO_MARKER = 'robot-echo'

/** The credentials a request carried, as a careless robot quotes them back: its path's last part, its query's tokens, its auth headers. */
function echoOf(request: RecordedRequest): string {
  const url = new URL(request.path, 'http://robot')
  const query = ['access_token', 'key', 'token'].map((name) => url.searchParams.get(name) ?? '')
  const headers = [request.headers.authorization ?? '', String(request.headers['x-api-key'] ?? '')]
  return [ECHO_MARKER, url.pathname.split('/').pop() ?? '', ...query, ...headers].filter((part) => part !== '').join(' ')
}

/**
 * One loopback server playing every chat robot and the webhook receiver, each refusing what it gets
 * in its vendor's way and quoting the request's credentials in the refusal: DingTalk and WeCom in
 * `errmsg`, Feishu in `msg`, Slack in its text, a webhook in a 401's body.
 */
export function startEchoingRobots(): Promise<HttpRecorder> {
  return startHttpRecorder((request, _index, res) => {
    const echo = echoOf(request)
    if (request.path.startsWith('/robot/') || request.path.startsWith('/cgi-bin/')) return reply(res, 200, JSON.stringify({ errcode: 310000, errmsg: echo }))
    if (request.path.startsWith('/open-apis/')) return reply(res, 200, JSON.stringify({ code: 19021, msg: echo }))
    if (request.path.startsWith('/services/')) return reply(res, 200, `invalid_token ${echo}`)
    return reply(res, 401, `unauthorized: ${echo}`)
  })
}

/** An SMTP server that refuses every login, quoting the password it was given. */
export function startEchoingMailServer(): Promise<MailSink> {
  return startMailSink({
    authOptional: false,
    onAuth: (auth, _session, callback) => callback(new Error(`bad login ${auth.username}/${auth.password} ${ECHO_MARKER}`)),
  })
}

/** Every secret setting with distinctive values, `round` telling a first save from a change. */
export function secretSettings(robots: string, mailPort: number, round: number) {
  const v = (name: string) => `${name}-${round}-q7Zx`
  const imChannels: ImChannel[] = [
    {
      type: 'dingtalk',
      name: 'ding',
      url: `${robots}/robot/send?access_token=${v('ding-token')}`,
      secret: v('SECding-sign'),
      language: 'en',
      events: ['failedRuns'],
    },
    {
      type: 'feishu',
      name: 'feishu',
      url: `${robots}/open-apis/bot/v2/hook/${v('feishu-hook-token')}`,
      secret: v('feishu-sign'),
      language: 'en',
      events: ['failedRuns'],
    },
    { type: 'slack', name: 'slack', url: `${robots}/services/T000/B000/${v('slack-path-token')}`, language: 'en', events: ['failedRuns'] },
    { type: 'wecom', name: 'wecom', url: `${robots}/cgi-bin/webhook/send?key=${v('wecom-key')}`, language: 'en', events: ['failedRuns'] },
  ]
  const webhook = {
    url: `${robots}/in/${v('webhook-path-token')}?token=${v('webhook-query')}`,
    headers: { Authorization: `Bearer ${v('webhook-bearer')}`, 'X-Api-Key': v('webhook-api-key') },
    retries: 0,
  }
  return {
    alarms: {
      desktop: false,
      webhooks: [webhook],
      smtp: { host: '127.0.0.1', port: mailPort, secure: false, user: 'alarm', pass: v('smtp-password'), from: 'jobdesk@example.test' },
      imChannels,
    },
    /** The values that must appear nowhere; the whole URLs and headers are covered by their token parts. */
    values: [
      'ding-token',
      'SECding-sign',
      'feishu-hook-token',
      'feishu-sign',
      'slack-path-token',
      'wecom-key',
      'webhook-path-token',
      'webhook-query',
      'webhook-bearer',
      'webhook-api-key',
      'smtp-password',
    ].map(v),
  }
}
