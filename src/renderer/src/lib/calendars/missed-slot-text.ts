import type { MissedSlotView } from '../../../../shared/backfill'
import type { Translate } from '../../i18n/use-t'
import { formatDateTime } from '../format/format-time'

/**
 * Why a slot did not fire, in the console's words: the reason, and what it names where it names
 * something — "maintenance window 'patch night'", "holiday 'Spring Festival'", "moved to …".
 */
export function missedReasonText(t: Translate, slot: Pick<MissedSlotView, 'reason' | 'detail'>): string {
  if (slot.detail !== '' && (slot.reason === 'holiday' || slot.reason === 'window' || slot.reason === 'rolled'))
    return t(`missedReason.${slot.reason}`, { detail: slot.detail })
  return t(`skipReason.${slot.reason}`)
}

/** `2026-03-07 03:00:00 not fired: maintenance window 'patch night'`, the time in `zone` (default: local). */
export function missedSlotLine(t: Translate, slot: MissedSlotView, zone?: string): string {
  return t('missed.line', { time: formatDateTime(slot.slot, zone), reason: missedReasonText(t, slot) })
}
