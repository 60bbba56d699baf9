/**
 * Executor addresses travel as XXL-JOB's comma-separated text (a group's `address_list`, an admin
 * list, an override typed in the console), and so do e-mail lists (a job's `alarm_email`, the alert
 * address in settings). This is the one place such text becomes a list and back.
 */

/** `a, b,,c` → `['a', 'b', 'c']`: split on commas, blanks dropped, order kept. A list is trimmed the same way. */
export function splitAddressList(addresses: string | readonly string[]): string[] {
  const items = typeof addresses === 'string' ? addresses.split(',') : addresses
  return items.map((address) => address.trim()).filter((address) => address !== '')
}

/** The stored form of a list: comma-separated, no spaces. */
export function joinAddressList(addresses: readonly string[]): string {
  return addresses.join(',')
}
