import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PatrolNode } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from '../core';
import { usePatrolNodeDeleteMutation } from './api';

interface Props {
  node: Pick<PatrolNode, 'id' | 'name'>;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before deleting a node; a node on a task's route is refused (rule.patrolNodeInUse) and says so here. */
export function DeleteNodeDialog({ node, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'node.delete' });
  const [remove] = usePatrolNodeDeleteMutation();
  return (
    <ConfirmDialog
      title={t('title')}
      confirmLabel={t('confirm')}
      onClose={onClose}
      onConfirm={async () => {
        await remove(node.id).unwrap();
        onDone();
      }}
    >
      <Text>{t('text', { name: node.name })}</Text>
    </ConfirmDialog>
  );
}
