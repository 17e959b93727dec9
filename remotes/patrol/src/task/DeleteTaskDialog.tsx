import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PatrolTask } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../core';
import { usePatrolTaskDeleteMutation } from './api';

interface Props {
  task: Pick<PatrolTask, 'id' | 'name'>;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before deleting a task; its runs and check-ins stay in the records. */
export function DeleteTaskDialog({ task, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'task.delete' });
  const [remove] = usePatrolTaskDeleteMutation();
  return (
    <ConfirmDialog
      title={t('title')}
      confirmLabel={t('confirm')}
      onClose={onClose}
      onConfirm={async () => {
        await remove(task.id).unwrap();
        onDone();
      }}
    >
      <Text>{t('text', { name: task.name })}</Text>
    </ConfirmDialog>
  );
}
