import { Button, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';
import { DialogFrame } from './DialogFrame';
import { errorKey } from './errors';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in the feature's words. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /**
   * For what cannot be undone (deleting an organisation's users, a package in use): the action
   * waits until this exact text is typed.
   */
  typedConfirmation?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

const useStyles = makeStyles({
  // Two shades darker than the danger colour, so its white text keeps well above a 4.5:1
  // contrast (axe), even while the dialog fades in.
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3Pressed,
    ':hover': { backgroundColor: tokens.colorStatusDangerBackground3Hover },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerBackground3Pressed },
  },
});

/**
 * Asks before a destructive action. The action runs once, the dialog stays busy while it does,
 * and a refusal shows in the server code's words without closing, so nothing is lost.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, typedConfirmation, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);
  const ready = typedConfirmation === undefined || typed === typedConfirmation;

  const confirm = async () => {
    if (running.current || !ready) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (e) {
      setFailure(t(errorKey(e)));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title={title}
      modalType="alert"
      locked={busy}
      onClose={onClose}
      failure={failure}
      actions={
        <>
          <Button appearance="secondary" disabled={busy} onClick={onClose}>
            {cancelLabel ?? t('kit.cancel')}
          </Button>
          <Button
            appearance="primary"
            className={styles.danger}
            disabled={busy || !ready}
            icon={busy ? <Spinner size="tiny" /> : undefined}
            onClick={() => void confirm()}
          >
            {busy ? t('kit.working') : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {typedConfirmation !== undefined && (
        <Field label={t('kit.typeToConfirm', { text: typedConfirmation })} validationMessage={typed !== '' && !ready ? t('kit.typedMismatch') : undefined}>
          <Input value={typed} onChange={(_e, d) => setTyped(d.value)} autoComplete="off" />
        </Field>
      )}
    </DialogFrame>
  );
}
