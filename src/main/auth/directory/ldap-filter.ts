/**
 * A value placed in an LDAP search filter, escaped per RFC 4515: `*`, `(`, `)`, `\` and NUL become
 * `\2a`, `\28`, `\29`, `\5c`, `\00`, so a typed name such as `*)(uid=*` is a name to look for,
 * never a part of the filter.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
}

/** `template` with each `{{key}}` replaced by its value, escaped. */
export function fillFilter(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? escapeFilterValue(values[key]) : whole))
}
