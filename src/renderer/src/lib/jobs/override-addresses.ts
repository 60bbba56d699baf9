import { splitAddressList } from '../../../../shared/address-list'

/**
 * The addresses a Run once goes to: those picked, those typed as tags, and the text still in the
 * field. The text counts as soon as it is typed — a click on Run would make it a tag anyway (the
 * field takes it on blur) — so the route preview shows what Run will do, Enter or not.
 */
export function overrideAddresses(picked: readonly string[], typed: readonly string[], pending: string): string[] {
  return [...new Set(splitAddressList([...picked, ...typed, ...splitAddressList(pending)]))]
}
