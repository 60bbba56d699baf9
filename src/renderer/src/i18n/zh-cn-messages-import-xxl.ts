import type { enImportXxlMessages } from '../../../shared/messages/en-import-xxl'

/** src/shared/messages/en-import-xxl.ts 的简体中文：从 XXL-JOB 迁入时的标记与拒绝（代码完全一致）。 */
export const zhCNImportXxlMessages: Record<keyof typeof enImportXxlMessages, string> = {
  'xxl.urlNotMysql': '{url} 不是 mysql:// 或 mariadb:// 地址（例如 mysql://user:password@host:3306/xxl_job）',
  'xxl.urlInvalid': '{url} 不是有效的地址（例如 mysql://user:password@host:3306/xxl_job）',
  'xxl.urlEscape': '{url} 的 {part} 转义有误',
  'xxl.urlNoDatabase': '{url} 未指明数据库：请把库名写在路径中（…:3306/xxl_job）',
  'xxl.urlNoHost': '{url} 未指明主机',
  'xxl.urlNoUser': '{url} 未指明用户（mysql://user:password@host/…）',
  'xxl.unreachable': '无法读取 XXL-JOB 数据库 {url}：{reason}',
  'xxl.notXxl': '数据库“{database}”不是 XXL-JOB 2.1-3.x 数据库：缺少 {missing}',
  'xxl.runDays': '只能导入 1 到 {max} 天的运行记录，实际为 {got}',

  'xxl.groupMissing': '其执行器分组（ID {groupId}）不在 xxl_job_group 中',
  'xxl.unknownScheduleType': '调度类型“{value}”不是 NONE、CRON 或 FIX_RATE',
  'xxl.unknownMisfire': '调度过期策略“{value}”不是 DO_NOTHING 或 FIRE_ONCE_NOW',
  'xxl.unknownRoute': '路由策略“{value}”不是 XXL-JOB 的十种之一（FIRST … SHARDING_BROADCAST）',
  'xxl.noRoute': '没有路由策略（XXL-JOB 也无法触发它）',
  'xxl.unknownBlock': '阻塞处理策略“{value}”不是 SERIAL_EXECUTION、DISCARD_LATER 或 COVER_EARLY',
  'xxl.unknownGlueType': 'GLUE 类型“{value}”JobDesk 不认识（BEAN、GLUE_GROOVY、GLUE_SHELL、GLUE_PYTHON、GLUE_PYTHON2、GLUE_PHP、GLUE_NODEJS、GLUE_POWERSHELL）',
  'xxl.groupRefused': '其执行器分组“{appName}”无法导入',
  'xxl.groovyOnJobDesk': 'GLUE_GROOVY 需要 Java 执行器，而 JobDesk 分组“{appName}”的执行器是 JobDesk 自己的',
  'xxl.nameMadeUnique': '“{appName}”中另有任务也叫“{original}”：以“{name}”导入',
  'xxl.renamed': 'JobDesk 在“{appName}”中已有任务“{original}”：以“{name}”导入',
  'xxl.noneStopped': '在 XXL-JOB 中为运行状态，但没有调度（NONE）：以停止状态导入',
  'xxl.childMissing': '子任务 {child} 不在 xxl_job_info 中：该依赖不导入',
  'xxl.childNotANumber': '子任务 ID“{child}”不是数字：该依赖不导入',
  'xxl.childSelf': '它把自己列为子任务：该依赖不导入',
  'xxl.childRefused': '子任务 {child} 未被导入：该依赖不导入',
  'xxl.childCycle': '到子任务 {child} 的依赖会形成环 {path}：该依赖不导入',
  'xxl.linkOfSkippedJob': '到子任务 {child} 的依赖未设置：该任务本身已跳过',
  'xxl.groupDuplicate': 'XXL-JOB 有 {count} 个 AppName 为“{appName}”的分组（ID {ids}）：它们的任务并入一个 JobDesk 分组，名称取自 ID {firstId}',
  'xxl.unknownAddressType': '地址类型 {value} 不是 0（自动注册）或 1（手动录入）',
  'xxl.groupTokensNotImported':
    '{groups} 的访问令牌不会迁入：JobDesk 拒绝 XXL-JOB 公开的默认令牌，且导入不带令牌；请在执行器页面为各分组设置令牌（或让其执行器使用 JobDesk 的令牌）',
  'xxl.runsCapped': '只导入最新的 {cap} 条运行记录；时间窗口内另有 {beyond} 条较早的记录未导入',
}
