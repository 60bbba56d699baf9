import type { ComboboxItem, ComboboxLikeRenderOptionInput } from '@mantine/core'
import type { BlockStrategy, GlueType, LinkCondition, MisfireStrategy, RouteStrategy, ScheduleType, TriggerType } from '../../../shared/model'
import type { MessageKey } from '../i18n/dictionary'
import type { Translate } from '../i18n/use-t'
import { useT } from '../i18n/use-t'

/** The enums of the wire whose values the console names in its language, the wire name beside it. */
export interface EnumValues {
  scheduleType: ScheduleType
  misfire: MisfireStrategy
  route: RouteStrategy
  block: BlockStrategy
  glueType: GlueType
  triggerType: TriggerType
  linkCondition: LinkCondition
}
export type EnumKind = keyof EnumValues

const LABEL_KEYS: { [K in EnumKind]: (value: EnumValues[K]) => MessageKey } = {
  scheduleType: (value) => `scheduleType.label.${value}`,
  misfire: (value) => `misfire.label.${value}`,
  route: (value) => `route.label.${value}`,
  block: (value) => `block.label.${value}`,
  glueType: (value) => `glueType.label.${value}`,
  triggerType: (value) => `triggerType.${value}`,
  linkCondition: (value) => `linkCondition.${value}`,
}

/** The name of an enum value in the UI language (`单机串行` for SERIAL_EXECUTION). */
export function enumLabel<K extends EnumKind>(t: Translate, kind: K, value: EnumValues[K]): string {
  return t(LABEL_KEYS[kind](value))
}

/** `单机串行 (SERIAL_EXECUTION)`: for text that must carry both, a select's chosen value or a tooltip. */
export function enumText<K extends EnumKind>(t: Translate, kind: K, value: EnumValues[K]): string {
  return `${enumLabel(t, kind, value)} (${value})`
}

/** An enum value as the UI names it, with its wire name as quieter secondary text. */
export function EnumLabel<K extends EnumKind>({ kind, value, testId }: { kind: K; value: EnumValues[K]; testId?: string }) {
  const t = useT()
  return (
    <span data-testid={testId} data-wire={value}>
      <span>{enumLabel(t, kind, value)}</span> <span className="jd-wire">{value}</span>
    </span>
  )
}

/** A Select option of an enum: `label` is what the input shows once chosen, `name` the name alone. */
export interface EnumOption extends ComboboxItem {
  name: string
}

/** Options of a Mantine Select for an enum: labelled `name (WIRE)`, listed as name over the wire name. */
export function enumOptions<K extends EnumKind>(t: Translate, kind: K, values: readonly EnumValues[K][]): EnumOption[] {
  return values.map((value) => ({ value, label: enumText(t, kind, value), name: enumLabel(t, kind, value) }))
}

/** `renderOption` of a Select built with {@link enumOptions} (Mantine keeps the extra `name`): the name, then the wire name. */
export function renderEnumOption({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) {
  return (
    <span className="jd-enum-option" data-wire={option.value}>
      <span>{(option as EnumOption).name ?? option.label}</span>
      <span className="jd-wire">{option.value}</span>
    </span>
  )
}
