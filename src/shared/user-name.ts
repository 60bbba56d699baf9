/**
 * The one key a user name is compared by: trimmed, ASCII letters in lower case. `Alice` and
 * `alice` are one user, whether local or from a directory (LDAP compares `uid` without case, and a
 * second JobDesk account that differs only in case would let a directory entry pass for a local
 * one). Names are ASCII by rule (USER_NAME_PATTERN), so this folding is exact, and the same as
 * SQL's LOWER() over them in every engine (the migration that keys the existing rows uses it).
 * Other characters are left as they are: no Unicode case rule makes two different names one.
 */
export function foldUserName(name: string): string {
  return name.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
}

export function sameUserName(a: string, b: string): boolean {
  return foldUserName(a) === foldUserName(b)
}
