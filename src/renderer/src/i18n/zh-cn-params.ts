import type { enParams } from './en-params'

/** 类型化参数（docs/parameters.md）的简体中文：触发对话框生成的表单、任务编辑器的“参数”一节、运行详情。 */
export const zhCNParams: Record<keyof typeof enParams, string> = {
  'params.section': '参数',
  'params.hint':
    '声明运行所需的参数：触发对话框会变成表单，CLI 与触发 URL 会校验取值，取值按下面的格式合成一个参数字符串交给执行器。不声明则使用自由文本参数。',
  'params.add': '添加参数',
  'params.name': '名称',
  'params.type': '类型',
  'params.required': '必填',
  'params.default': '默认值',
  'params.enumValues': '可选值（逗号分隔）',
  'params.pattern': '格式（正则表达式）',
  'params.description': '说明',
  'params.format': '参数格式',
  'params.format.json': 'json —— 一个 JSON 对象',
  'params.format.kv': 'kv —— 每行 name=value',
  'params.format.template': 'template —— 含 ${params.name} 的文本',
  'params.template': '模板',
  'params.type.string': '文本',
  'params.type.int': '整数',
  'params.type.number': '数字',
  'params.type.bool': '是 / 否',
  'params.type.enum': '列表中的一项',
  'params.type.date': '日期',
  'params.type.datetime': '日期时间',
  'params.type.secret': '密钥（按名称）',
  'params.noSecrets': '没有这个名称的密钥：请在“密钥”页面设置。',
  'params.pickDate': '选择日期',
  'params.secretHint': '任务所在执行器组中某个密钥的名称；执行器收到的是它的值，这里从不显示。',
  'params.typedValues': '类型化参数',
  'params.none': '无',
}
