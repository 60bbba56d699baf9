import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import { notifyError, notifySuccess } from '../../kit/notify'
import { CopyIcon } from '../../kit/icons'
import { useLanguage, useT } from '../../i18n/use-t'
import { copyDefinitionYaml } from './copy-definition'
import { YamlDialog } from './yaml-dialog'

/**
 * In an editor of an object applied from a file: the next `jobdesk apply` of that file puts the
 * file's version back, so edits made here last only until then. Not a modal: the operator may
 * still edit (a hotfix), and is told how to carry the saved object back into the file.
 */
export function OriginBanner({ origin }: { origin: DefinitionOrigin }) {
  const t = useT()
  const language = useLanguage()
  const [copying, setCopying] = useState(false)
  const [shownYaml, setShownYaml] = useState<string | null>(null)

  const copy = async () => {
    setCopying(true)
    try {
      const result = await copyDefinitionYaml(origin)
      if (result.outcome === 'copied') notifySuccess(language, 'origin.copied', { name: origin.key })
      else if (result.outcome === 'shown') setShownYaml(result.yaml)
      else notifyError(language, 'common.error', new Error(t('origin.notExported', { name: origin.key })))
    } catch (error) {
      notifyError(language, 'common.error', error)
    } finally {
      setCopying(false)
    }
  }

  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      className="jd-fixed"
      title={t('origin.bannerTitle', { file: origin.file })}
      data-testid="definition-origin-banner"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Text size="sm">{t(origin.kind === 'Flow' ? 'origin.bannerFlow' : 'origin.bannerJob', { file: origin.file })}</Text>
          <Text size="xs" c="dimmed">
            {t('origin.copyHint')}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<CopyIcon size={14} />}
          style={{ flexShrink: 0 }}
          loading={copying}
          onClick={() => void copy()}
          data-testid="definition-copy-yaml"
        >
          {t('origin.copyYaml')}
        </Button>
      </Group>
      <YamlDialog title={t('origin.dialogTitle', { name: origin.key })} yaml={shownYaml} onClose={() => setShownYaml(null)} />
    </Alert>
  )
}
