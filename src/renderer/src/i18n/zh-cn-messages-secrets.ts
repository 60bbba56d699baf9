import type { enSecretMessages } from '../../../shared/messages/en-secrets'

/** src/shared/messages/en-secrets.ts 的简体中文（代码完全一致）。 */
export const zhCNSecretMessages: Record<keyof typeof enSecretMessages, string> = {
  'secret.name': "'{got}' 不是有效的密钥名称：1-128 个字母、数字、'_'、'-' 或 '.'，以字母或 '_' 开头",
  'secret.valueTooLong': '密钥的值最多 {max} 字节（UTF-8），此值有 {bytes} 字节',
  'secret.valueEmpty': '密钥的值不能为空',
  'secret.notFound': "分组 {groupId} 中没有密钥 '{name}'",
  'secret.globalNotFound': "没有全局密钥 '{name}'",
}
