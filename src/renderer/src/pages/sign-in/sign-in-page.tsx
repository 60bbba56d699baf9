import { Alert, Button, Center, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { OIDC_PATHS, SIGN_IN_ERROR_FRAGMENT } from '../../../../shared/auth'
import { fromErrorInfo } from '../../../../shared/errors'
import { englishMessage, isMessageCode } from '../../../../shared/messages'
import { fetchAuthState, signIn, type GateNotice } from '../../services/auth'
import { useErrorText, useT } from '../../i18n/use-t'

/**
 * The headless console's sign-in: a user name and password (the server decides whether JobDesk or
 * the LDAP directory checks it), and "Sign in with …" when an OpenID Connect provider is set up. A
 * refused single sign-on comes back with its message code in the address fragment.
 */
export function SignInPage({ notice }: { notice: GateNotice }) {
  const t = useT()
  const errorText = useErrorText()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(() => refusedSingleSignOn(errorText))
  const [busy, setBusy] = useState(false)
  const [oidcLabel, setOidcLabel] = useState<string | null>(null)

  useEffect(() => {
    fetchAuthState().then(
      (state) => setOidcLabel(state.oidc?.label ?? null),
      () => setOidcLabel(null),
    )
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await signIn(name, password)
      // Opens the console afresh: the bridge, the store and the session all start signed in.
      location.reload()
    } catch (failure) {
      setError(errorText(failure))
      setBusy(false)
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380} component="form" onSubmit={submit} data-testid="sign-in-form">
        <Stack>
          <Title order={2}>{t('signIn.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('signIn.hint')}
          </Text>
          {notice === 'tokenRetired' && (
            <Alert color="orange" data-testid="sign-in-token-retired">
              {t('signIn.tokenRetired')}
            </Alert>
          )}
          {oidcLabel !== null && (
            <>
              <Button component="a" href={OIDC_PATHS.start} variant="light" data-testid="sign-in-oidc">
                {t('signIn.withOidc', { name: oidcLabel })}
              </Button>
              <Divider label={t('signIn.orPassword')} labelPosition="center" />
            </>
          )}
          <TextInput
            label={t('signIn.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            autoComplete="username"
            required
            data-testid="sign-in-name"
            autoFocus
          />
          <PasswordInput
            label={t('signIn.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            required
            data-testid="sign-in-password"
          />
          {error && (
            <Alert color="red" data-testid="sign-in-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} data-testid="sign-in-submit">
            {t('signIn.submit')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}

/** The message of a single sign-on the server refused (`#sign-in-error=CODE`), once: the fragment is cleared. */
function refusedSingleSignOn(errorText: (error: unknown) => string): string | null {
  const fragment = new URLSearchParams(location.hash.slice(1))
  const code = fragment.get(SIGN_IN_ERROR_FRAGMENT)
  if (code === null) return null
  history.replaceState(null, '', location.pathname + location.search)
  // The fragment is anyone's to write: only a known message code is shown, as its own text.
  const known = isMessageCode(code) ? code : 'auth.signInFailed'
  return errorText(fromErrorInfo({ name: 'PermissionError', message: englishMessage(known), code: known }))
}
