import { EMBEDDED_ADDRESS_PREFIX } from '../../shared/model'

// An embedded executor lives inside one JobDesk process; its address names that process, so a dead
// process's runs are told apart from a live one's and only the owning node calls it.

/** The embedded executor's address for one JobDesk process (`instance`: letters, digits, '-', '.'). */
export function embeddedAddressOf(instance: string): string {
  return `${EMBEDDED_ADDRESS_PREFIX}${instance}/`
}

export function isEmbeddedAddress(address: string): boolean {
  return address.startsWith(EMBEDDED_ADDRESS_PREFIX)
}
