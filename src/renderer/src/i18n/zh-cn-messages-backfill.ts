import type { enBackfillMessages } from '../../../shared/messages/en-backfill'

/** src/shared/messages/en-backfill.ts 的简体中文（代码完全一致）。 */
export const zhCNBackfillMessages: Record<keyof typeof enBackfillMessages, string> = {
  'backfill.target': '请指明补数对象：一个任务（jobId）或一个工作流（flowId），不能两者都给',
  'backfill.rangeBackwards': '时间范围的结束（{to}）不晚于开始（{from}）：补数覆盖 [from, to)',
  'backfill.noSchedule': '{what} {id} 没有调度（NONE），没有可补的时间点；请改为手动触发',
  'backfill.tooManySlots': '该范围内有 {count} 个时间点，超过一次补数的上限 {max}；如需全部补齐，请给出 maxSlots（最多 {ceiling}），或缩短范围',
  'backfill.tooManySlotsToCount': '该范围内的时间点超过 {ceiling} 个，超出补数所能处理的上限：请缩短范围',
  'backfill.noSlots': '该范围内没有 {what} {id} 的调度（含其日历）会产生的时间点',
  'backfill.nothingMissing': '该范围内的 {count} 个时间点都已有成功的运行：没有缺失',
  'backfill.notFound': '补数 {id} 不存在',
  'backfill.notPausable': '补数 {id} 当前为 {backfillState}：只有运行中的补数可以暂停',
  'backfill.notResumable': '补数 {id} 当前为 {backfillState}：只有已暂停的补数可以恢复',
  'backfill.ended': '补数 {id} 已经是 {backfillState}',
} as const
