import type { enHooks } from './en-hooks'

/** en-hooks.ts 的简体中文文本（键完全一致）。 */
export const zhCNHooks: Record<keyof typeof enHooks, string> = {
  'hooks.section': '触发 URL',
  'hooks.hint': '用其密钥签名后向此 URL 发送 POST 即启动一次运行（签名方法见 docs/trigger-urls.md；也可用作 GitHub、Gitea、GitLab 的 Webhook）。',
  'hooks.saveFirst': '请先保存：触发 URL 属于已保存的任务或工作流。',
  'hooks.create': '创建触发 URL',
  'hooks.none': '尚无触发 URL。',
  'hooks.created': '已创建触发 URL。请立即复制密钥：之后不再显示。',
  'hooks.url': 'URL',
  'hooks.secret': '密钥',
  'hooks.example': '示例（bash 与 openssl）',
  'hooks.createdAt': '{who} 创建于 {time}',
  'hooks.lastUsed': '最近使用 {time}',
  'hooks.neverUsed': '从未使用',
  'hooks.remove': '删除触发 URL',
  'hooks.removeTitle': '删除触发 URL {id}？',
  'hooks.removeBody': '此后对它的请求都会被拒绝（404）；发送方需要新的 URL 和密钥。',
  'hooks.removed': '已删除触发 URL',
}
