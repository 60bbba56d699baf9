import { useEffect, useState } from 'react'
import { listSecrets } from '../../services/secrets'

/**
 * The secret names a field may choose (a `secret` parameter, a script's env): read once when the form has one (names only: the
 * store never gives a value). Null until read, or when they cannot be read (then the field takes a
 * typed name, checked by the store's name rule).
 */
export function useSecretNames(wanted: boolean, groupId: number | undefined): string[] | null {
  const [names, setNames] = useState<string[] | null>(null)
  useEffect(() => {
    if (!wanted) return
    let current = true
    listSecrets(groupId === undefined ? undefined : { groupId }).then(
      (secrets) => current && setNames([...new Set(secrets.map((secret) => secret.name))].sort()),
      () => current && setNames(null),
    )
    return () => {
      current = false
    }
  }, [wanted, groupId])
  return names
}
