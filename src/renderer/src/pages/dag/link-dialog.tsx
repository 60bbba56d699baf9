import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useDiscardGuard } from '../../components/discard-guard'
import { LINK_CONDITIONS, type JobLink, type LinkCondition } from '../../../../shared/model'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { selectJobsById } from '../../store/jobs/selectors'
import { EnumLabel } from '../../components/enum-label'

export interface LinkDraft {
  parentJobId: number
  childJobId: number
  /** Set for a link that exists (edit or delete it); absent for a new one. */
  existing?: LinkCondition
}

interface LinkDialogProps {
  draft: LinkDraft | null
  onSave(link: JobLink): void
  onDelete(link: JobLink): void
  onClose(): void
}

/** Picks the condition of a new link (SUCCESS / FAILURE / ALWAYS), or changes or deletes an existing one. */
export function LinkDialog({ draft, onSave, onDelete, onClose }: LinkDialogProps) {
  const t = useT()
  const guard = useDiscardGuard(onClose)
  return (
    <>
      <Modal
        opened={draft !== null}
        onClose={guard.requestClose}
        title={draft?.existing ? t('dag.editLinkTitle') : t('dag.newLinkTitle')}
        data-testid="link-dialog"
      >
        {draft && (
          <LinkForm
            key={`${draft.parentJobId}-${draft.childJobId}`}
            draft={draft}
            onSave={onSave}
            onDelete={onDelete}
            onClose={guard.requestClose}
            setDirty={guard.setDirty}
          />
        )}
      </Modal>
      {guard.prompt}
    </>
  )
}

function LinkForm({ draft, onSave, onDelete, onClose, setDirty }: LinkDialogProps & { draft: LinkDraft; setDirty(dirty: boolean): void }) {
  const t = useT()
  const jobsById = useJobDesk(selectJobsById)
  const [condition, setCondition] = useState<LinkCondition>(draft.existing ?? 'SUCCESS')
  const name = (id: number) => `#${id} ${jobsById.get(id)?.name ?? ''}`.trim()
  const link = { parentJobId: draft.parentJobId, childJobId: draft.childJobId, condition }
  const dirty = condition !== (draft.existing ?? 'SUCCESS')
  useEffect(() => setDirty(dirty), [dirty, setDirty])
  useEffect(() => () => setDirty(false), [setDirty])
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="link-dialog-pair">
        {t('dag.linkPair', { parent: name(draft.parentJobId), child: name(draft.childJobId) })}
      </Text>
      <Radio.Group value={condition} onChange={(value) => setCondition(value as LinkCondition)} label={t('dag.condition')} data-testid="link-condition">
        <Stack gap={6} mt={6}>
          {LINK_CONDITIONS.map((value) => (
            <Radio
              key={value}
              value={value}
              label={<EnumLabel kind="linkCondition" value={value} />}
              description={t(`linkCondition.${value}.hint`)}
              data-testid={`link-condition-${value}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="space-between" mt="sm">
        {draft.existing ? (
          <Button color="red" variant="light" onClick={() => onDelete(link)} data-testid="link-delete">
            {t('dag.deleteLink')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onSave(link)} disabled={draft.existing === condition} data-testid="link-save">
            {draft.existing ? t('common.save') : t('dag.link')}
          </Button>
        </Group>
      </Group>
    </Stack>
  )
}
