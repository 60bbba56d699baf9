import type { enWindowMessages } from '../../../shared/messages/en-windows'

/** src/shared/messages/en-windows.ts 的简体中文（代码完全一致）。 */
export const zhCNWindowMessages: Record<keyof typeof enWindowMessages, string> = {
  'window.exists': '名为“{name}”的维护窗口已存在',
  'window.notFound': '没有 ID 为 {id} 的维护窗口',
  'window.timezone': '“{zone}”不是 IANA 时区',
  'window.cronNoFire': 'cron“{expression}”在 {from} 之后不会再打开该窗口',
  'window.groupsMissing': '维护窗口指定的执行器分组不存在：{ids}',
  'window.jobsMissing': '维护窗口指定的任务不存在：{ids}',
  'window.flowsMissing': '维护窗口指定的工作流不存在：{ids}',
  'maintenance.reasonRequired': '打开全局暂停需要填写原因：所有控制台都会显示它',
  'missedSlots.target': '请给出 jobId 或 flowId（二选一）',
  'missedSlots.backwards': '“to”不在“from”之后',
  'missedSlots.tooLong': '一次最多查询 {max} 天',
  'definitions.windowJobRef': '“{got}”不是任务：请写成 分组/名称（分组的 AppName、斜杠、任务名）',
  'definitions.windowGroupUnknown': '服务器和文件中都没有执行器分组“{name}”',
  'definitions.windowJobUnknown': '服务器和文件中都没有分组“{group}”的任务“{name}”',
  'definitions.windowFlowUnknown': '服务器和文件中都没有工作流“{name}”',
}
