import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@ptt/ui';
import { NS } from './strings';

interface Props {
  version: string;
  onCancel: () => void;
  onConfirm: () => Promise<unknown>;
}

/** Deleting cannot be undone and devices lose the download: ask first. */
export function DeletePackageDialog({ version, onCancel, onConfirm }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ConfirmDialog title={t('list.deleteTitle', { version })} confirmLabel={t('list.delete')} cancelLabel={t('list.cancel')} onConfirm={onConfirm} onClose={onCancel}>
      {t('list.deleteBody')}
    </ConfirmDialog>
  );
}
