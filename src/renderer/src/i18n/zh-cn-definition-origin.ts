import type { enDefinitionOrigin } from './en-definition-origin'

/** en-definition-origin.ts 的简体中文文本（键完全一致）。 */
export const zhCNDefinitionOrigin: Record<keyof typeof enDefinitionOrigin, string> = {
  'origin.badgeTitle': '来自文件 {file}（{time} 由 jobdesk apply 应用）',
  'origin.bannerTitle': '定义于 {file}',
  'origin.bannerJob': '此任务由 {file} 应用而来。下次对该文件执行 jobdesk apply 时，会撤销在这里所做的修改：要保留修改，请同时改在文件里。',
  'origin.bannerFlow': '此工作流由 {file} 应用而来。下次对该文件执行 jobdesk apply 时，会撤销在这里所做的修改：要保留修改，请同时改在文件里。',
  'origin.copyHint': '“复制为 YAML”给出的是已保存的内容，不含未保存的修改：请先保存，再复制。',
  'origin.copyYaml': '复制为 YAML',
  'origin.copied': '已将 {name} 的 YAML 复制到剪贴板',
  'origin.notExported': '服务器导出的内容中没有 {name} 的文档。',
  'origin.dialogTitle': '{name} 的 YAML',
  'origin.dialogHint': '此处无法使用剪贴板：请选中下面的文本复制，或点击“复制”重试。',
  'origin.copy': '复制',
  'origin.copiedShort': '已复制',
}
