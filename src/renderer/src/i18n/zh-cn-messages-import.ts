import type { enImportMessages } from '../../../shared/messages/en-import'

/** src/shared/messages/en-import.ts 的简体中文：导入问题与说明（代码完全一致）。 */
export const zhCNImportMessages: Record<keyof typeof enImportMessages, string> = {
  'import.refused': '发现 {count} 个问题，未导入任何内容',
  'import.appNameTwice': '“{appName}”也是 groups[{first}] 的 appName',
  'import.keyTwice': '“{key}”也是 jobs[{first}] 的 key',
  'import.groupUnknown': '执行器分组“{appName}”既不在此文件中，也不在 JobDesk 中',
  'import.noneEnabled': '调度类型为 NONE 的任务只能被触发运行，不能设为启用',
  'import.sameName': 'jobs[{first}] 在“{appName}”中同名；任务按分组和名称匹配',
  'import.ambiguousName': 'JobDesk 在“{appName}”中有 {count} 个名为“{name}”的任务（ID {ids}）；请只保留一个名称，以便导入知道匹配哪一个',
  'import.linkTwice': 'links[{first}] 已连接“{parentKey}”→“{childKey}”',
  'import.keyMissing': '任务 key“{key}”不在此文件中',
  'import.selfLink': '任务 key“{key}”连接到自身；任务不能成为自己的子任务',
  'import.savedCycle': 'JobDesk 已保存的依赖已形成环 {path}；导入依赖前请先删除其中之一',
  'import.cycle': '这些依赖会形成环 {path}',
  'import.idField': '未知字段；任务按 appName 和名称匹配，依赖按 key 指明任务',
  'import.jobGroupField': '未知字段；任务通过 appName 指明其分组',
  'import.accessTokenField': '访问令牌不会被导入；请在 JobDesk 中设置分组令牌',
  'import.groupIdField': '未知字段；分组按 appName 匹配',
  'import.addressType': '必须为 0（自动，由执行器注册）或 1（手动），实际为 {got}',
  'import.autoWithAddresses': '自动注册的分组从执行器注册获得地址；请留空，或将 addressType 设为 1',
  'import.jobSkipped': '已跳过任务“{name}”（{appName}）：任务 {id}“{name}”已存在于“{appName}”',
  'import.linkSkipped': '已跳过依赖 {parentKey} → {childKey}：父任务 {id} 已跳过，而任务的依赖属于其定义的一部分',
}
