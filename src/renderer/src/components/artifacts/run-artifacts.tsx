import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core'
import { Fragment, useEffect, useState } from 'react'
import { formatBytes, type ArtifactView } from '../../../../shared/artifacts-api'
import { useT } from '../../i18n/use-t'
import { canReadArtifacts, fetchArtifact, listArtifacts } from '../../services/artifacts'
import { ArtifactPreview, previewKind } from './artifact-preview'

/** Saves a kept file through a blob URL: the console's own origin never navigates to the file. */
async function download(runId: number, name: string): Promise<void> {
  const url = URL.createObjectURL(await fetchArtifact(runId, name))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** The files a run left (docs/artifacts.md): name, size, type, a download and a preview each. Read again when `version` changes. */
export function RunArtifacts({ runId, version }: { runId: number; version: string | number }) {
  const t = useT()
  const [artifacts, setArtifacts] = useState<ArtifactView[] | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const readable = canReadArtifacts()

  useEffect(() => {
    let current = true
    listArtifacts({ runId }).then(
      (list) => current && setArtifacts(list),
      () => current && setArtifacts([]),
    )
    return () => {
      current = false
    }
  }, [runId, version])

  if (!artifacts || artifacts.length === 0) return null
  return (
    <Stack gap={4} data-testid="run-artifacts">
      <Text size="xs" c="dimmed">
        {t('artifacts.title')}
      </Text>
      {!readable && (
        <Text size="xs" c="dimmed">
          {t('artifacts.desktopOnly', { id: runId })}
        </Text>
      )}
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('artifacts.name')}</Table.Th>
            <Table.Th>{t('artifacts.size')}</Table.Th>
            <Table.Th>{t('artifacts.type')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {artifacts.map((artifact) => (
            <Fragment key={artifact.name}>
              <Table.Tr data-testid="artifact-row" data-name={artifact.name}>
                <Table.Td>{readable ? <Anchor onClick={() => void download(runId, artifact.name)}>{artifact.name}</Anchor> : artifact.name}</Table.Td>
                <Table.Td>{formatBytes(artifact.size)}</Table.Td>
                <Table.Td>{artifact.contentType}</Table.Td>
                <Table.Td>
                  {readable && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {previewKind(artifact.contentType) && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          data-testid="artifact-preview"
                          onClick={() => setOpen(open === artifact.name ? null : artifact.name)}
                        >
                          {t(open === artifact.name ? 'artifacts.hidePreview' : 'artifacts.preview')}
                        </Button>
                      )}
                      <Button size="compact-xs" variant="default" data-testid="artifact-download" onClick={() => void download(runId, artifact.name)}>
                        {t('artifacts.download')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
              {open === artifact.name && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <ArtifactPreview runId={runId} artifact={artifact} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}
