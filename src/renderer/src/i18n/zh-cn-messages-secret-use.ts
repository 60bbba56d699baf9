import type { enSecretUseMessages } from '../../../shared/messages/en-secret-use'

/** src/shared/messages/en-secret-use.ts 的简体中文（代码完全一致）。 */
export const zhCNSecretUseMessages: Record<keyof typeof enSecretUseMessages, string> = {
  'triggerResult.secretToUnregistered': '失败 —— 该运行引用了密钥，而 {address} 未注册在其执行器分组中：密钥只发送给分组自己的执行器（调度失败）',
  'triggerResult.secretMissing': '失败 —— 本分组和全局都没有名为 {names} 的密钥（调度失败）',
  'triggerResult.secretPlacement': '失败 —— 第 {offset} 个字符处的密钥引用 {ref} 所在位置会让值成为结构或决定请求的去向（调度失败）',
  'secret.overrideRefused': '该运行引用了密钥，而 {addresses} 未注册在任务的执行器分组中：密钥只发送给分组自己的执行器，绝不发送到调用方指定的地址',
  'flow.valueNamesSecret': '节点 {node}：第 {offset} 个字符处为 {ref} 代入的值包含 ${secrets.…}；传递的值绝不能带入密钥，因此该节点不会被发送',
  'hook.paramNamesSecret': '参数包含 ${secrets.…}：触发 URL 只传递数据，绝不传递对密钥的引用',
}
