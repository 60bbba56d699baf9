import { Alert, Badge, Checkbox, Group, Stack, TagsInput, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { JobGroup } from '../../../../shared/model'
import { HealthBadge } from '../../components/health/health-badge'
import { useT } from '../../i18n/use-t'
import { addressChoices, calledWithoutToken, entitledAddresses } from '../../lib/jobs/entitled-addresses'
import { overrideAddresses } from '../../lib/jobs/override-addresses'
import { useJobDesk } from '../../store'
import { selectGroupAddresses } from '../../store/executors/selectors'
import { selectIsAdmin } from '../../store/session/selectors'

interface AddressPickerProps {
  group: JobGroup | undefined
  picked: string[]
  onPick(addresses: string[]): void
  typed: string[]
  onType(addresses: string[]): void
  /** The text in the field, not yet a tag: it counts as an address already. */
  pending: string
  onPending(text: string): void
  disabled: boolean
}

/**
 * Where a manual run goes. Everyone may pick among the group's own executors; only an admin may
 * type another address — the core refuses anyone else (a group's token goes only to its own
 * executors) — and is told that JobDesk calls such an address without the group's token.
 */
export function AddressPicker({ group, picked, onPick, typed, onType, pending, onPending, disabled }: AddressPickerProps) {
  const t = useT()
  const admin = useJobDesk(selectIsAdmin)
  const registered = useJobDesk(useShallow(selectGroupAddresses(group?.appName)))
  const entitled = useMemo(() => entitledAddresses(group, registered), [group, registered])
  const choices = addressChoices(entitled, registered, group?.appName, picked)
  const tokenless = admin ? calledWithoutToken(overrideAddresses(picked, typed, pending), entitled) : []
  return (
    <>
      <Checkbox.Group
        label={t('trigger.addresses')}
        description={t(admin ? 'trigger.addressesHint' : 'trigger.addressesHintGroup')}
        value={picked}
        onChange={onPick}
        data-testid="trigger-address-picker"
      >
        <Stack gap={6} mt={6}>
          {choices.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('trigger.noRegistered')}
            </Text>
          )}
          {choices.map(({ address, health, gone }) => (
            <Checkbox
              key={address}
              value={address}
              disabled={disabled}
              data-testid="trigger-address-option"
              data-address={address}
              data-gone={gone}
              label={
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" ff="monospace">
                    {address}
                  </Text>
                  {gone ? (
                    <Badge size="sm" color="red" variant="light" title={t('trigger.addressGoneHint')} data-testid="trigger-address-gone">
                      {t('trigger.addressGone')}
                    </Badge>
                  ) : (
                    <HealthBadge health={health} />
                  )}
                </Group>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {admin ? (
        <TagsInput
          label={t('trigger.typedAddresses')}
          placeholder="http://10.0.0.5:9999/"
          value={typed}
          onChange={onType}
          searchValue={pending}
          onSearchChange={onPending}
          // Always shown: a hint that came and went with the text would move Run from under the pointer.
          description={t('trigger.pendingAddressCounts')}
          clearable
          acceptValueOnBlur
          disabled={disabled}
          data-testid="trigger-addresses"
        />
      ) : (
        <Text size="xs" c="dimmed" data-testid="trigger-addresses-group-only">
          {t('trigger.groupOnly')}
        </Text>
      )}
      {tokenless.length > 0 && !disabled && (
        <Alert color="orange" variant="light" p="xs" title={t('trigger.tokenlessTitle')} data-testid="trigger-tokenless-warning">
          <Text size="xs">{t('trigger.tokenlessBody')}</Text>
          <Stack gap={0} mt={4}>
            {tokenless.map((address) => (
              <Text key={address} size="xs" ff="monospace" data-testid="trigger-tokenless-address">
                {address}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </>
  )
}
