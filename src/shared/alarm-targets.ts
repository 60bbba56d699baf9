import { splitAddressList } from './address-list'

/**
 * A job's alarm list (`alarm_email`, comma-separated, XXL-JOB's column) holds email addresses and,
 * since IM channels exist, channel names written `#name`: no migration, and an XXL-JOB reader
 * still sees a list of addresses (a `#` item is simply not one).
 */

/** An IM channel's name as settings keep it and an alarm list names it after its `#`. */
export const IM_CHANNEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

export function splitAlarmTargets(list: string): { emails: string[]; imChannels: string[] } {
  const items = splitAddressList(list)
  return {
    emails: items.filter((item) => !item.startsWith('#')),
    imChannels: [...new Set(items.filter((item) => item.startsWith('#')).map((item) => item.slice(1)))],
  }
}
