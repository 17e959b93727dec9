import { Button, Field, MessageBar, MessageBarBody, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';
import { DialogFrame } from './DialogFrame';

/** How far long work has gone: counted items (rows imported, devices activated) or percent. */
export interface Progress {
  done: number;
  total: number;
  failed?: number;
  /** The failures' texts, already translated, shown under the bar. */
  problems?: readonly string[];
}

export type ProgressState = 'running' | 'done' | 'stopped';

export interface ProgressDialogProps {
  title: string;
  progress: Progress;
  state: ProgressState;
  /** Shown while running; without it the work cannot be stopped. */
  onStop?: () => void;
  onClose: () => void;
  /** What the work is, in the feature's words. */
  children?: ReactNode;
}

const useStyles = makeStyles({
  problems: { maxHeight: '200px', overflowY: 'auto', margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/**
 * Long work (an import, a batch activation, an export, an upload) as a bar that moves with the
 * server's progress, the failures as they come, and a close that only appears once it is over.
 */
export function ProgressDialog({ title, progress, state, onStop, onClose, children }: ProgressDialogProps) {
  const { t } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const { done, total, failed = 0, problems = [] } = progress;
  const value = total > 0 ? Math.min(1, done / total) : 0;
  const label = state === 'done' ? t('kit.progressDone') : state === 'stopped' ? t('kit.stopped') : t('kit.progress', { done, total });
  return (
    <DialogFrame
      title={title}
      modalType="alert"
      locked={state === 'running'}
      onClose={onClose}
      actions={
        <>
          {state === 'running' && onStop && <Button onClick={onStop}>{t('kit.stop')}</Button>}
          {state !== 'running' && (
            <Button appearance="primary" onClick={onClose}>
              {t('kit.close')}
            </Button>
          )}
        </>
      }
    >
      {children}
      <Field validationMessage={label} validationState="none">
        <ProgressBar
          value={value}
          max={1}
          thickness="large"
          color={failed > 0 ? 'warning' : state === 'done' ? 'success' : 'brand'}
          aria-label={title}
          aria-valuetext={t('kit.progress', { done, total })}
        />
      </Field>
      {failed > 0 && (
        <MessageBar intent="warning">
          <MessageBarBody>
            <Text weight="semibold">{t('kit.progressFailed', { count: failed })}</Text>
            {problems.length > 0 && (
              <ul className={styles.problems}>
                {problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </DialogFrame>
  );
}
