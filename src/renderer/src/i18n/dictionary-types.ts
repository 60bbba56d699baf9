import type { en } from './en'

/*
 * The shape every language's dictionary has, in a file of its own: the translations import it and
 * dictionary.ts imports the translations, so neither imports the other.
 */

/** English is the reference: its keys are the keys. */
export type MessageKey = keyof typeof en
/** Every language has every key, and only those (an object literal with an extra key fails too). */
export type Dictionary = Record<MessageKey, string>
