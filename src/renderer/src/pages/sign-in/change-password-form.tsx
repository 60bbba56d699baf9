import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { PASSWORD_MIN_CHARS } from '../../../../shared/password-length'
import { loadAll } from '../../store/events'
import { useErrorText, useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'

/**
 * Replacing a password: required after a one-time password (the core refuses everything else until
 * then), and offered from the header menu at any time.
 */
export function ChangePasswordForm({ required, onDone }: { required: boolean; onDone?: () => void }) {
  const t = useT()
  const errorText = useErrorText()
  const changePassword = useJobDesk((s) => s.changePassword)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [repeat, setRepeat] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (next !== repeat) return setError(t('password.mismatch'))
    setBusy(true)
    setError(null)
    try {
      await changePassword({ currentPassword: current, newPassword: next })
      void loadAll().catch(() => {})
      onDone?.()
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack component="form" onSubmit={submit} data-testid="change-password-form">
      {required && (
        <Alert color="orange" data-testid="change-password-required">
          {t('password.required')}
        </Alert>
      )}
      <PasswordInput
        label={t('password.current')}
        value={current}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        autoComplete="current-password"
        required
        data-testid="password-current"
      />
      <PasswordInput
        label={t('password.new')}
        description={t('password.rule', { min: PASSWORD_MIN_CHARS })}
        value={next}
        onChange={(e) => setNext(e.currentTarget.value)}
        autoComplete="new-password"
        required
        data-testid="password-new"
      />
      <PasswordInput
        label={t('password.repeat')}
        value={repeat}
        onChange={(e) => setRepeat(e.currentTarget.value)}
        autoComplete="new-password"
        required
        data-testid="password-repeat"
      />
      {error && (
        <Alert color="red" data-testid="change-password-error">
          {error}
        </Alert>
      )}
      <Button type="submit" loading={busy} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Stack>
  )
}

/** The whole page while a one-time password is in use. */
export function ChangePasswordPage() {
  const t = useT()
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420}>
        <Stack>
          <Title order={2}>{t('password.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('password.hint')}
          </Text>
          <ChangePasswordForm required />
        </Stack>
      </Paper>
    </Center>
  )
}
