import type { enErrorMessages } from '../../../shared/messages/en-errors'

/** src/shared/messages/en-errors.ts 的简体中文（代码完全一致）。 */
export const zhCNErrorMessages: Record<keyof typeof enErrorMessages, string> = {
  'job.notFound': '任务 {id} 不存在',
  'job.groupMissing': '执行器分组 {id} 不存在',
  'job.groovyUnsupported':
    'GLUE_GROOVY 需要 Java 执行器（xxl-job-core）：该分组的执行器是 JobDesk 自己的，无法编译 Groovy；请在此使用 BEAN 或脚本类 GLUE 类型，或改用由 Java 执行器组成的分组',
  'job.handlerRequired': 'BEAN 任务需要填写执行器 JobHandler 名称',
  'job.retryIntervalRequired': '{backoff} 退避需要至少 1 秒的间隔',
  'job.retryCapBelowInterval': '上限不能小于首次间隔',
  'job.noneCannotStart': '调度类型为 NONE 的任务只能被触发运行，无法启动',
  'job.noFireAfterNow': '“{expression}”在当前时间之后没有触发时间',

  'glue.remarkRequired': '请在备注中描述此次修改（它用于在历史中标识该版本）',
  'glue.beanHasNoSource': 'BEAN 任务没有 GLUE 源码；请先修改其 GLUE 类型',

  'cluster.fenced': '节点“{node}”失去了租约：集群已将其视为宕机并接管了它的工作；它会在一秒内以新的纪元重新加入，请稍后重试',
  'group.notFound': '执行器分组 {id} 不存在',
  'group.appNameTaken': '“{appName}”已是分组 {id} 的 AppName',
  'group.reservedName': '“{appName}”为 JobDesk 内置执行器保留',
  'group.embeddedName': '内置执行器的分组不能修改 AppName',
  'group.embeddedDelete': '内置执行器的分组不能删除',
  'group.inUse': '执行器分组“{appName}”仍有 {count} 个任务（例如 {jobId}“{jobName}”）；请先移走或删除它们',
  'group.addressRequired': '手动录入的分组至少需要一个执行器地址',
  'group.addressType': '必须为 0（自动注册）或 1（手动录入），实际为 {got}',

  'link.cycle': '将任务 {parentJobId} → 任务 {childJobId} 相连会形成环 {path}',
  'link.selfLink': '任务不能成为自己的子任务',
  'link.jobMissing': '任务 {id} 不存在',
  'link.jobId': '应为任务 ID（不小于 1 的整数），实际为 {got}',
  'link.conditionUnknown': '“{got}”不是 {values} 之一',

  'run.notFound': '调度日志 {id} 不存在',
  'run.notRunning': '调度日志 {id} 未在运行（当前为{status}）',
  'run.killRefused': '执行器 {address} 拒绝终止：{msg}',
  'run.shardForm': '“{got}”不是“序号/总数”的形式，例如“0/3”',
  'run.shardTotal': '“{got}”的总数至少为 1',
  'run.shardIndex': '“{got}”的序号应在 0…{last} 之间（从 0 开始，小于总数）',

  'export.groupMissing': '任务 {jobId} 的执行器分组 {groupId} 不存在',
  'export.jobMissing': '任务 {ids} 不存在',
  'export.flowJobMissing': '工作流“{flow}”的任务 {jobId} 不存在',
  'export.jobsMissing': '任务 {ids} 不存在',

  'settings.tokensEqual': '必须与执行器访问令牌不同：每台执行器机器都持有该令牌',
  'settings.tokenFromFlag': '该令牌由 {flag} 或 {env} 设置；请在那里修改',
  'settings.tokenEmpty': '空令牌会让任何人都能访问；留空不设置即可获得随机令牌',
  'settings.tokenDefault': '“{token}”是 XXL-JOB 公开的默认令牌；请选择一个保密的令牌',
  'settings.listenHost': '必须是 IP 地址或主机名，例如 0.0.0.0 或 127.0.0.1',

  'alarm.headerCount': '共有 {count} 个请求头；上限为 {max}',
  'alarm.headerName': '请求头名称 {name} 不是合法的 HTTP 标记',
  'alarm.headerReserved': '请求头 {name} 由 JobDesk 设置，不能覆盖',
  'alarm.headerTwice': '请求头 {name} 重复出现',
  'alarm.headerValue': '请求头 {name} 只能包含可打印的 Latin-1 字符（不能换行）',
  'alarm.fromControl': '包含换行或控制字符',
  'alarm.from': '{got} 不是一个邮件地址（例如 alarm@example.com 或 JobDesk <alarm@example.com>）',
  'alarm.smtpHost': '{got} 不是主机名或 IP 地址',
  'alarm.passRequired': '设置了 smtp.user 时登录需要密码',
  'alarm.userRequired': '设置了 smtp.pass 时登录需要用户名',
  'alarm.webhookTwice': '{url} 重复出现',
  'alarm.alertEmail': '{got} 不是邮件地址',
  'alarm.imName': '{got} 不是渠道名称：1-64 个字母、数字、“.”、“_”或“-”，以字母或数字开头',
  'alarm.imNameTwice': '渠道名称 #{name} 重复出现',
  'alarm.imSecretUnused': '{vendor} 机器人不签名，请将密钥留空',
  'alarm.imChannelMissing': '没有名为 #{name} 的 IM 渠道（设置 → 告警渠道）',

  'console.noToken': '缺少控制台令牌：请打开 JobDesk 启动时打印的地址（以 #token=… 结尾）',
  'console.connectionLost': '与 JobDesk 的连接已断开',
  'console.unreachable': '无法连接 JobDesk（它是否在运行？控制台令牌是否正确？）',
  'console.signInFailed': '登录失败',
  'console.authState': 'JobDesk 对 {path} 的应答为 {status}',
}
