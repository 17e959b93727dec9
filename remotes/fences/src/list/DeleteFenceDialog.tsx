import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Fence } from '@ptt/contracts';
import { ConfirmDialog } from '@ptt/ui';
import { NS, useDeleteFenceMutation } from '../core';

interface Props {
  fence: Pick<Fence, 'id' | 'name'>;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before deleting a fence; its alert records stay (ADR 007) and its name becomes free. */
export function DeleteFenceDialog({ fence, onClose, onDone }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'list.delete' });
  const [remove] = useDeleteFenceMutation();
  return (
    <ConfirmDialog
      title={t('title')}
      confirmLabel={t('confirm')}
      onClose={onClose}
      onConfirm={async () => {
        await remove(fence.id).unwrap();
        onDone();
      }}
    >
      <Text>{t('text', { name: fence.name })}</Text>
    </ConfirmDialog>
  );
}
