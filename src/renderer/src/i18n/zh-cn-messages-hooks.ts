import type { enHookMessages } from '../../../shared/messages/en-hooks'

/** src/shared/messages/en-hooks.ts 的简体中文（代码完全一致）。 */
export const zhCNHookMessages: Record<keyof typeof enHookMessages, string> = {
  'hook.notFound': '触发 URL {id} 不存在',
  'hook.tooMany': '{kind} {id} 已有 {max} 个触发 URL：请先删除一个',
  'hook.personOnly': '触发 URL 只能由用户或个人令牌创建或删除，执行器组自己的令牌不可以（{method}）',
  'hook.unknown': '没有此 id 的触发 URL',
  'hook.unsigned': '请求没有 JobDesk 认识的签名（X-JobDesk-Signature、X-Hub-Signature-256、X-Gitea-Signature 或 X-Gitlab-Token）',
  'hook.badSignature': '签名与请求及触发 URL 的密钥不符',
  'hook.stale': '时间戳与本服务器时钟相差超过 {minutes} 分钟',
  'hook.replayed': '此签名已被使用过：每个请求只接受一次',
  'hook.rateLimited': '超出触发 URL 的限额：每 {seconds} 秒最多 {max} 个请求',
  'hook.badBody': '请求体不是带可选文本 "param" 的 JSON 对象：{detail}',
  'hook.bodyTooLarge': '请求体超过 {max} 字节：不读取直接拒绝',
  'hook.lockedOut': '来自此地址的被拒请求过多：{seconds} 秒内不读取直接拒绝',
  'hook.triggerFailed': '未能启动运行：{detail}',
}
