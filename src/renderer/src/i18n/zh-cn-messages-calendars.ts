import type { enCalendarMessages } from '../../../shared/messages/en-calendars'

/** src/shared/messages/en-calendars.ts 的简体中文（代码完全一致）。 */
export const zhCNCalendarMessages: Record<keyof typeof enCalendarMessages, string> = {
  'calendar.name': '“{got}”不是有效的日历名：1-64 个字母、数字、“.”“_”或“-”，以字母或数字开头',
  'calendar.date': '“{got}”不是日期，请写成 YYYY-MM-DD',
  'calendar.rangeBackwards': '节假日的结束日期（{to}）早于开始日期（{from}）',
  'calendar.rangeTooLong': '从 {from} 到 {to} 的节假日超过 {max} 天',
  'calendar.workdaysRepeated': '同一个星期几出现了两次',
  'calendar.basedOnSelf': '日历“{name}”不能以自身为基础',
  'calendar.dayBothWays': '{date} 既是节假日又是调休上班日，请只保留一个',
  'calendar.icsEmpty': 'iCalendar 文件为空',
  'calendar.icsTooLarge': 'iCalendar 文件长 {length} 个字符，上限为 {max}',
  'calendar.icsInvalid': '不是 iCalendar 文件：{reason}',
  'calendar.icsNoDays': 'iCalendar 文件中没有可作为节假日或调休上班日的全天事件（已忽略 {timed} 个定时事件）',
  'calendar.timezone': '“{zone}”不是 IANA 时区',
  'calendar.exists': '名为“{name}”的日历已存在',
  'calendar.notFound': '没有名为“{name}”的日历',
  'calendar.basedOnMissing': '日历“{name}”以“{basedOn}”为基础，但后者不存在',
  'calendar.basedOnCircle': '日历“{name}”会经由 {path} 以自身为基础',
  'calendar.inUse': '日历“{name}”正在使用中（{users}）：请先修改这些对象',
  'calendar.rollWithoutCalendar': '将触发顺延到另一天需要指定日历来确定哪些是工作日',
  'calendar.businessDayRule': 'BUSINESS_DAY 调度本身只在工作日触发：规则请保持 BUSINESS_DAYS',
  'calendar.businessDayRoll': 'BUSINESS_DAY 调度不会落在休息日，无需顺延：请保持 SKIP',
  'calendar.rollTooDense': '该调度每 {seconds} 秒触发一次；只有间隔不少于 {min} 秒的调度才能顺延到另一天（请用 SKIP）',
  'calendar.instant': '“{got}”不是时间点：请给出毫秒时间戳或带时区偏移的 ISO 8601，例如 2026-12-31T00:00:00+08:00',
  'calendar.windowBackwards': '时间窗口的结束早于开始',
  'calendar.windowTooLong': '一次模拟最多覆盖 {max} 天',
}
