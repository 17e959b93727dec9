import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';

export interface DialogFrameProps {
  title: string;
  /** 'alert' for what must be answered (a destructive action, long work): no closing from outside. */
  modalType?: 'modal' | 'alert';
  /** While true (a request in flight) Escape and the backdrop do not close it. */
  locked?: boolean;
  onClose: () => void;
  /** Wide enough for a table. */
  wide?: boolean;
  /** Content and actions sit in a form with this submit handler. */
  onSubmit?: (event: FormEvent) => void;
  /** A refusal, shown above the content in the server code's words. */
  failure?: string | null;
  children: ReactNode;
  actions: ReactNode;
}

const useStyles = makeStyles({
  wide: { maxWidth: 'min(1100px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The one dialog layout of the kit: title, an optional refusal, the content, the actions. */
export function DialogFrame({ title, modalType = 'modal', locked = false, onClose, wide, onSubmit, failure, children, actions }: DialogFrameProps) {
  const styles = useStyles();
  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={styles.content}>
        {failure && (
          <MessageBar intent="error">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        {children}
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </DialogBody>
  );
  return (
    <Dialog open modalType={modalType} onOpenChange={(_e, d) => !d.open && !locked && onClose()}>
      <DialogSurface className={wide ? styles.wide : undefined}>
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate>
            {body}
          </form>
        ) : (
          body
        )}
      </DialogSurface>
    </Dialog>
  );
}
