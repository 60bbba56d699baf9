import type { enParamsMessages } from '../../../shared/messages/en-params'

/** src/shared/messages/en-params.ts 的简体中文（代码完全一致）。 */
export const zhCNParamsMessages: Record<keyof typeof enParamsMessages, string> = {
  'params.unknown': '{name}：没有声明这个参数',
  'params.missing': '{name}：必填，且没有默认值',
  'params.notText': '{name}：{value} 不是文本',
  'params.notInt': "{name}：'{value}' 不是整数",
  'params.notNumber': "{name}：'{value}' 不是数字",
  'params.notBool': "{name}：'{value}' 不是 true 或 false",
  'params.notInEnum': "{name}：'{value}' 不在可选值 {allowed} 之中",
  'params.notDate': "{name}：'{value}' 不是日期（YYYY-MM-DD）",
  'params.notDatetime': "{name}：'{value}' 不是日期时间（YYYY-MM-DDTHH:mm 或 YYYY-MM-DDTHH:mm:ss）",
  'params.patternMismatch': "{name}：'{value}' 不符合格式 {pattern}",
  'params.notSecretName': "{name}：'{value}' 不是密钥名称（以字母或 '_' 开头，其后最多 63 个字母、数字或 '_'）",
  'params.valueTooLong': '{name}：长度为 {length} 个字符，上限为 {max}',
  'params.kvLineBreak': "{name}：kv 格式每个参数一行 'name=value'，值中不能有换行；请改用 json 格式",
  'params.duplicateName': "'{name}' 与 params[{first}] 重名",
  'params.enumEmpty': '{name}：枚举参数至少需要一个可选值',
  'params.badPattern': '{name}：格式不是合法的正则表达式',
  'params.requiredScheduled': '{name}：必填且没有默认值，但调度会自动触发、无人填写；请给出默认值，或改为非必填',
  'params.templateRequired': "paramFormat 为 'template' 时需要 paramTemplate，在每个值的位置写 ${params.<name>}",
  'params.templateUnknownParam': "'{ref}' 指向未声明的参数",
  'params.templateAsKey': "'{ref}' 位于 JSON 模板的键中；值只能填入字符串值（或单独作为一个值），不能作为字段名",
  'params.templateChoosesTarget': "'{ref}' 会决定请求发往何处或如何发送（URL 的协议、主机、端口或请求方法）；请放在 URL 的路径或查询中",
  'params.templateInvalidJson': "模板以 '{' 或 '[' 开头，按 JSON 读取，但把每个引用当作一个值后，第 {offset} 个字符处不是 JSON",
  'params.declared': '该任务声明了类型化参数：请给出 params { 名称: 值 }，而不是自由文本 executorParam',
  'params.notDeclared': '该任务或工作流没有声明类型化参数：请给出 executorParam（自由文本），而不是 params',
} as const
