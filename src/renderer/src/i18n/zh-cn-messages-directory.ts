import type { enDirectoryMessages } from '../../../shared/messages/en-directory'

/** src/shared/messages/en-directory.ts 的简体中文（代码完全一致）。 */
export const zhCNDirectoryMessages: Record<keyof typeof enDirectoryMessages, string> = {
  'directory.disabled': '你的用户已在 JobDesk 中被停用；请联系管理员',
  'directory.noRole': '目录没有给你任何 JobDesk 角色（不在任何已映射的组中）；请联系管理员',
  'directory.notFound': '目录中已没有此用户；其会话已结束，个人令牌已暂停，待其再次登录后恢复',
  'directory.unavailable': '无法连接目录服务；请重试或联系管理员',
  'directory.nameTaken': "'{name}' 已是另一种来源（{source}）的 JobDesk 用户；请联系管理员",
  'directory.required': '请通过公司目录登录：本地密码已关闭（应急管理员除外）',
  'directory.useOidc': '此用户通过单点登录按钮登录，而不是密码',
  'directory.noPassword': '目录用户的密码由目录保管，而不是 JobDesk',
  'directory.oidcOff': '此服务器未配置 OpenID Connect 登录',
  'directory.oidcState': '无法把这次登录与本浏览器发起的登录对应（已过期、已使用或被篡改）；请重新开始',
  'directory.oidcFailed': '身份提供方未确认这次登录；请重新开始',
}
