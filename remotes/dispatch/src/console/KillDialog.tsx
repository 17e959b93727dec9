import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';

export interface KillDialogProps {
  open: boolean;
  /** Device name and its user's nickname, so the dispatcher sees what is about to be disabled. */
  device: string;
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Remote kill cannot be undone: it is only sent after this explicit confirmation. */
export function KillDialog({ open, device, name, onCancel, onConfirm }: KillDialogProps) {
  const { t } = useTranslation(NS);
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('console.commands.killTitle')}</DialogTitle>
          <DialogContent>{t('console.commands.killBody', { device, name })}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('console.commands.cancel')}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {t('console.commands.killConfirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
