// What names a secret, for the store (which refuses other names) and for the references that read
// one (`${secrets.NAME}` in a parameter, `secrets.NAME` in a job's env): one pattern on both sides.

/** A secret's name: a letter or `_`, then letters, digits or `_`, at most 64 characters. */
export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/** The text every `${secrets.…}` reference starts with: a parameter without it names no secret (the trigger's one check). */
const SECRET_REFERENCE_PREFIX = '${secrets.'

/** Whether `text` may name a secret: the one check a run without secrets pays (no parse, no read). */
export function mayNameSecrets(text: string): boolean {
  return text.includes(SECRET_REFERENCE_PREFIX)
}

/** What `inner` of `${inner}` names when it reads `secrets.NAME`, else null. */
export function secretNameOf(inner: string): string | null {
  if (!inner.startsWith('secrets.')) return null
  const name = inner.slice('secrets.'.length)
  return SECRET_NAME_PATTERN.test(name) ? name : null
}

/** A name a job's `env` gives a GLUE script's environment variable (env: { DB_PASS: 'secrets.oracle_pw' }). */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/

/** What a job's `env` entry holds: `secrets.NAME`. */
export const ENV_SECRET_PATTERN = /^secrets\.([A-Za-z_][A-Za-z0-9_]{0,63})$/

/** Most variables a job's `env` sets. */
export const ENV_MAX_ENTRIES = 64

/** The secret an env entry's value names, or null when it names none. */
export function envSecretName(value: string): string | null {
  return ENV_SECRET_PATTERN.exec(value)?.[1] ?? null
}

/** The secrets a job's env names (its values are `secrets.NAME`, checked when the job was saved). */
export function envSecretNames(env: Readonly<Record<string, string>> | undefined): string[] {
  if (env === undefined) return []
  return Object.values(env)
    .map(envSecretName)
    .filter((name) => name !== null)
}
