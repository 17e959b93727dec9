import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';

/** The commands that disable a field handset: sent only after this dialog. */
export type ConfirmedCommand = 'kill' | 'stun';

export interface ConfirmCommandDialogProps {
  /** The command waiting for confirmation, or null when the dialog is closed. */
  command: ConfirmedCommand | null;
  /** Device name and its user's nickname, so the dispatcher sees what is about to be disabled. */
  device: string;
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Remote kill cannot be undone and remote stun silences a handset in the field at once: both are
 * sent only after this confirmation naming the member and the device.
 */
export function ConfirmCommandDialog({ command, device, name, onCancel, onConfirm }: ConfirmCommandDialogProps) {
  const { t } = useTranslation(NS);
  const c = command ?? 'kill';
  return (
    <Dialog open={command !== null} modalType="alert" onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t(`console.commands.${c}Title`)}</DialogTitle>
          <DialogContent>{t(`console.commands.${c}Body`, { device, name })}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('console.commands.cancel')}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {t(`console.commands.${c}Confirm`)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
