import type { enTrust } from './en-trust'

/** en-trust.ts 的简体中文文本（键完全一致）。 */
export const zhCNTrust: Record<keyof typeof enTrust, string> = {
  'settings.section.apiToken': '任务 OpenAPI 令牌',
  'settings.apiTokenHint':
    '脚本和其他系统通过 /api/addJob、/api/triggerJob 等接口管理任务时，在 XXL-JOB-ACCESS-TOKEN 中携带此令牌。它不能注册执行器，执行器令牌也不能管理任务。',
  'settings.apiToken': 'API 令牌',
  'settings.regenerateApiTitle': '替换 API 令牌？',
  'settings.regenerateApiBody': '仍使用旧令牌的脚本将被拒绝，直到改用新令牌。',
  'settings.apiTokenRegenerated': '已启用新的 API 令牌',
  'settings.tokenFromFlag': '由命令行设置（{flag}），请在那里修改。',
  'settings.acceptExecutorToken': '允许执行器令牌调用 OpenAPI（与 XXL-JOB 3.5 相同）',
  'settings.acceptExecutorTokenHint': '仅用于按 XXL-JOB 3.5 编写的脚本。每台执行器机器都持有该令牌，开启后任何一台都能创建和触发任务。',
  'settings.section.scripts': '本机上的脚本任务',
  'settings.embeddedScripts': '在内嵌执行器上运行脚本（GLUE）任务',
  'settings.embeddedScriptsHint':
    '内嵌执行器分组的 Shell、Python、Node、PHP 和 PowerShell 任务会以运行 JobDesk 的用户身份在本机执行。关闭时这些任务会被拒绝，并提示如何开启。',
  'settings.embeddedScriptsForced': '本次运行已开启：JobDesk 以 --enable-scripts 启动。',
  'executors.scriptsAllowed': '允许分组自己的令牌设置脚本代码',
  'executors.scriptsAllowedHint': '通过 OpenAPI 时，只有开启此项，分组令牌才能把本分组任务设为脚本（GLUE）类型或修改其源码。API 令牌和本控制台始终可以。',
  'editor.handlerKnownHint': 'BEAN 任务的执行器 JobHandler 名称；列表中是本分组执行器提供的名称。',
  'editor.handlerUnknown': '本分组没有执行器提供名为 “{name}” 的 JobHandler（暂时）：在有执行器提供之前，调度会以 “job handler not found” 失败。',
  'editor.groovyHint': 'GLUE_GROOVY 只能在 Java 执行器（xxl-job-core）上运行；本分组的执行器是 JobDesk 自带的，无法编译它。',
}
