import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { signIn, type GateNotice } from '../../api/auth'
import { useErrorText, useT } from '../../i18n/use-t'

/** The headless console's sign-in: a user name and password; the server sets the session cookie. */
export function SignInPage({ notice }: { notice: GateNotice }) {
  const t = useT()
  const errorText = useErrorText()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

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
