import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from './strings';

/** Deleting cannot be undone and devices lose the download: ask first. */
export function DeletePackageDialog({ version, onCancel, onConfirm }: { version: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Dialog open modalType="alert" onOpenChange={(_e, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('list.deleteTitle', { version })}</DialogTitle>
          <DialogContent>{t('list.deleteBody')}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('list.cancel')}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {t('list.delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
