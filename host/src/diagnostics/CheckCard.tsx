import type { ReactNode } from 'react';
import { Badge, Button, Card, CardHeader, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { BadgeProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CheckResult, CheckState } from './checks';
import { NS } from './strings';

const BADGE: Record<CheckState, BadgeProps['color']> = {
  idle: 'informative',
  running: 'brand',
  ok: 'success',
  warning: 'warning',
  failed: 'danger',
};

const useStyles = makeStyles({
  body: { display: 'grid', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** One check: its name, state, what it found, and a button to run it (again) unless it only shows
 *  figures measured elsewhere (no `onRun`). */
export function CheckCard({ id, name, result, onRun, children }: { id: string; name: string; result: CheckResult; onRun?: () => void; children?: ReactNode }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const running = result.state === 'running';
  return (
    <Card data-testid={`check-${id}`} data-state={result.state} aria-labelledby={`check-${id}-name`}>
      <CardHeader
        header={
          <Text weight="semibold" as="h2" block id={`check-${id}-name`}>
            {name}
          </Text>
        }
        action={
          onRun && (
            <Button size="small" disabled={running} onClick={onRun} aria-label={t('runAgainOf', { name })}>
              {t('runAgain')}
            </Button>
          )
        }
      />
      <div className={styles.body}>
        <div className={styles.row} role="status">
          {running && <Spinner size="extra-tiny" />}
          <Badge appearance="tint" color={BADGE[result.state]} data-testid={`check-${id}-state`}>
            {t(`status.${result.state}`)}
          </Badge>
          {result.key && <Text data-testid={`check-${id}-message`}>{t(result.key, result.values)}</Text>}
        </div>
        {children}
      </div>
    </Card>
  );
}
