import { Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';
import { DialogFrame } from './DialogFrame';

export interface ViewDialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Wide enough for a table. */
  wide?: boolean;
}

/** A dialog that shows something (a list, a record) and only closes. */
export function ViewDialog({ title, children, onClose, wide }: ViewDialogProps) {
  const { t } = useTranslation(COMMON_NS);
  return (
    <DialogFrame
      title={title}
      onClose={onClose}
      wide={wide}
      actions={
        <Button appearance="primary" onClick={onClose}>
          {t('kit.close')}
        </Button>
      }
    >
      {children}
    </DialogFrame>
  );
}
