import { describe, expect, it } from 'vitest'
import { ConflictError, ValidationError } from '../../../shared/errors'
import { consoleError } from '../api/console-errors'
import { EN_MESSAGES, englishMessage, enParamWords, placeholdersOf, type MessageCode } from '../../../shared/messages'
import { errorRule, errorText, fieldLabel, messageText, problemText, renderMessage, ZH_CN_MESSAGES } from './server-text'
import { zhCNParamWords } from './zh-cn-messages-validation'

const codes = Object.keys(EN_MESSAGES) as MessageCode[]
const CJK = /[\u4e00-\u9fff]/

/** A value for every placeholder of a template, so each code can be rendered in full. */
function sampleParams(code: MessageCode): Record<string, string> {
  return Object.fromEntries(placeholdersOf(EN_MESSAGES[code]).map((name) => [name, `<${name}>`]))
}

describe('the server message catalogs', () => {
  it('give every code an English and a Chinese text with the same placeholders', () => {
    const problems = codes.filter((code) => {
      const zh = ZH_CN_MESSAGES[code]
      return !zh || placeholdersOf(zh).join() !== placeholdersOf(EN_MESSAGES[code]).join()
    })
    expect(problems).toEqual([])
  })

  it('say every Chinese text in Chinese, not in English left over', () => {
    // A template of placeholders alone (`{got} {problem}`) gets its words from the parameters.
    const worded = codes.filter((code) => ZH_CN_MESSAGES[code].replace(/\{\w+\}/g, '').trim() !== '')
    expect(worded.filter((code) => !CJK.test(ZH_CN_MESSAGES[code]))).toEqual([])
    expect(messageText('zh-CN', { code: 'validation.address', params: { got: '"a b"', problem: 'oneAddress' } }, 'x')).toBe(
      '"a b" 只能是一个地址：不能包含空格或逗号',
    )
  })

  it('render every code in both languages from its parameters, leaving no placeholder', () => {
    for (const code of codes) {
      const params = sampleParams(code)
      for (const language of ['en', 'zh-CN'] as const) {
        const text = renderMessage(language, { code, params })
        expect(text, `${language} ${code}`).not.toBeNull()
        expect(text, `${language} ${code}`).not.toMatch(/\{\w+\}/)
        for (const value of Object.values(params)) expect(text, `${language} ${code}`).toContain(value)
      }
      // The console's English is the core's English.
      expect(renderMessage('en', { code, params })).toBe(englishMessage(code, params))
    }
  })

  it('name every parameter word in both languages', () => {
    for (const [name, words] of Object.entries(enParamWords)) {
      expect(Object.keys(zhCNParamWords[name as keyof typeof zhCNParamWords]).sort(), name).toEqual(Object.keys(words).sort())
    }
  })
})

describe('messageText', () => {
  it('renders a code with its words in the language, lists joined and paths with arrows', () => {
    const outOfRange = { code: 'cron.outOfRange', params: { expression: '0 0 25 * * ?', cronField: 'hour', value: 25, range: '0-23' } }
    expect(messageText('en', outOfRange, 'x')).toBe("'0 0 25 * * ?' hour 25 is out of range 0-23")
    expect(messageText('zh-CN', outOfRange, 'x')).toBe('“0 0 25 * * ?”的时字段：25 超出范围 0-23')
    const cycle = { code: 'link.cycle', params: { parentJobId: 3, childJobId: 1, path: [1, 2, 3, 1] } }
    expect(messageText('zh-CN', cycle, 'x')).toBe('将任务 3 → 任务 1 相连会形成环 1 → 2 → 3 → 1')
    expect(messageText('zh-CN', { code: 'link.conditionUnknown', params: { got: 'MAYBE', values: ['SUCCESS', 'FAILURE'] } }, 'x')).toBe(
      '“MAYBE”不是 SUCCESS, FAILURE 之一',
    )
  })

  it('falls back to the core’s words for an unknown code or a parameter the core did not send', () => {
    expect(messageText('zh-CN', { code: 'job.fromTheFuture', params: {} }, 'the core said so')).toBe('the core said so')
    expect(messageText('zh-CN', { code: 'validation.invalid', params: {} }, 'a custom rule')).toBe('a custom rule')
    expect(messageText('zh-CN', undefined, 'plain')).toBe('plain')
  })
})

describe('errorText and errorRule', () => {
  const required = new ValidationError('job.name', 'is required', { code: 'validation.required', params: { field: 'job.name' } })

  it('name the field of a validation error in the language’s punctuation, or give the rule alone', () => {
    expect(errorText('en', required)).toBe('Name: is required')
    expect(errorText('zh-CN', required)).toBe('名称：为必填项')
    expect(errorRule('zh-CN', required)).toBe('为必填项')
  })

  it('render other coded errors, and keep an uncoded error’s message', () => {
    const inUse = new ConflictError('x', { code: 'group.inUse', params: { appName: 'reports', count: 2, jobId: 5, jobName: 'nightly' } })
    expect(errorText('zh-CN', inUse)).toBe('执行器分组“reports”仍有 2 个任务（例如 5“nightly”）；请先移走或删除它们')
    expect(errorText('zh-CN', new Error('the connection to JobDesk was lost'))).toBe('the connection to JobDesk was lost')
    const uncoded = new ValidationError('httpAllowPrefixes', 'not a URL')
    expect(errorText('zh-CN', uncoded)).toBe('httpAllowPrefixes：not a URL')
  })
})

describe('fieldLabel', () => {
  it('names a field as the operator knows it, without the call’s path in front', () => {
    const password = new ValidationError('arguments[0].newPassword', 'must be 10-256 characters', { code: 'validation.tooShort', params: { min: 10 } })
    expect(errorText('en', password).startsWith('New password: ')).toBe(true)
    expect(fieldLabel('zh-CN', 'arguments[0].newPassword')).toBe('新密码')
    expect(fieldLabel('en', 'scheduleConf')).toBe('Schedule')
    expect(fieldLabel('en', 'alarms.webhooks[0].url')).toBe('URL')
    expect(fieldLabel('en', 'request.nodes[3]')).toBe('Nodes')
    // A field without a label keeps its name, the call's part cut off.
    expect(fieldLabel('en', 'arguments[0].httpAllowPrefixes')).toBe('httpAllowPrefixes')
  })
})

describe('problemText', () => {
  it('renders an import problem with the job it is about', () => {
    const problem = { field: 'jobs[1].enabled', code: 'import.noneEnabled', params: { jobName: 'send-invoices' }, message: 'x' }
    expect(problemText('zh-CN', problem)).toBe('jobs[1].enabled：调度类型为 NONE 的任务只能被触发运行，不能设为启用（任务“send-invoices”）')
    expect(problemText('en', problem)).toBe(
      'jobs[1].enabled: a job with schedule type NONE runs only when triggered; it cannot be enabled (job “send-invoices”)',
    )
  })

  it('renders an import problem with the flow it is about', () => {
    const problem = { field: 'flows[0].edges[1]', code: 'flow.selfLoop', params: { key: 'report', flowName: 'month-end' }, message: 'x' }
    expect(problemText('en', problem)).toBe("flows[0].edges[1]: node 'report' cannot be its own parent (flow “month-end”)")
    expect(problemText('zh-CN', problem)).toMatch(/^flows\[0\]\.edges\[1\]：.*（工作流“month-end”）$/)
  })
})

describe('the console’s own errors', () => {
  it('are coded like the core’s, so a toast says them in Chinese', () => {
    expect(errorText('zh-CN', consoleError('console.connectionLost'))).toBe('与 JobDesk 的连接已断开')
    expect(errorText('en', consoleError('console.authState', { status: 502, path: '/auth/state' }))).toBe('JobDesk answered 502 to /auth/state')
  })
})
