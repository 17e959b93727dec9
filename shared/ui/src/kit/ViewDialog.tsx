import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';

export interface ViewDialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Wide enough for a table. */
  wide?: boolean;
}

const useStyles = makeStyles({
  wide: { maxWidth: 'min(1100px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A dialog that shows something (a list, a record) and only closes. */
export function ViewDialog({ title, children, onClose, wide }: ViewDialogProps) {
  const { t } = useTranslation(COMMON_NS);
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface className={wide ? styles.wide : undefined}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>{children}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('kit.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
