import { Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SheetImportResult } from '@ptt/contracts';
import { NS } from '../../core';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/**
 * Step 4 while it runs: the bytes sent are counted; once the last byte is out the server applies
 * the rows in one transaction and has nothing to count, so the bar runs on without a value
 * (ADR 018: no invented percentages).
 */
export function ApplyProgress({ fraction, rows }: { fraction: number; rows: number }) {
  const { t } = useTranslation(NS, { keyPrefix: 'assign' });
  const sending = fraction < 1;
  return (
    <Field validationMessage={sending ? t('applying', { percent: Math.round(fraction * 100) }) : t('applyingServer', { count: rows })} validationState="none">
      <ProgressBar value={sending ? fraction : undefined} max={1} thickness="large" aria-label={t('steps.apply')} />
    </Field>
  );
}

/** Step 4 once done: what the import did, counted by rows. */
export function FinishStep({ result }: { result: SheetImportResult }) {
  const { t } = useTranslation(NS, { keyPrefix: 'assign' });
  const styles = useStyles();
  const errorRows = new Set(result.errors.map((e) => e.row)).size;
  return (
    <>
      <Text weight="semibold">{t('finished')}</Text>
      <ul className={styles.list} data-testid="assign-result">
        <li data-count="created">{t('result.created', { count: result.created })}</li>
        <li data-count="changed">{t('result.changed', { count: result.updated })}</li>
        <li data-count="unchanged">{t('result.unchanged', { count: result.unchanged })}</li>
        <li data-count="errors">{t('result.errors', { count: errorRows })}</li>
      </ul>
    </>
  );
}
