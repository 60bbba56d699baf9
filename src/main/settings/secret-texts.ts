import { secretFieldsOf, type FoundSecret } from '../../shared/settings-secrets'

/** A path segment this long in a robot's URL is taken for its token (`/services/T0/B0/xyz…`, `/hook/<uuid>`). */
const URL_TOKEN_MIN_CHARS = 16
/** The credential of `Bearer <token>`, `Basic <base64>`, `token <t>`: what a reply may echo without the scheme. */
const SCHEME_AND_CREDENTIAL = /^[A-Za-z][\w-]*\s+(\S+)$/

/**
 * The texts that give a secret setting away, for KnownSecrets: each secret field's value, and the
 * parts a robot's reply or an error may quote alone — a URL's password, its query values and its
 * token-long path segments (DingTalk's and WeCom's tokens are in the query, Feishu's and Slack's in
 * the path), a header's credential after its scheme.
 */
export function secretTextsOfSettings(settings: unknown): string[] {
  return secretFieldsOf(settings).flatMap(textsOf)
}

function textsOf(field: FoundSecret): string[] {
  if (field.kind === 'value') {
    const credential = SCHEME_AND_CREDENTIAL.exec(field.value)?.[1]
    return credential === undefined ? [field.value] : [field.value, credential]
  }
  let url: URL
  try {
    url = new URL(field.value)
  } catch {
    // A URL that does not parse was refused when the settings were saved; its whole text is still known.
    return [field.value]
  }
  const parts = [field.value, decodeURIComponentSafe(url.password), ...url.searchParams.values()]
  for (const segment of url.pathname.split('/')) if (segment.length >= URL_TOKEN_MIN_CHARS) parts.push(decodeURIComponentSafe(segment))
  return parts.filter((part) => part !== '')
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
