import { Badge, Caption1, Caption1Strong, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { BadgeProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CommandState } from '@ptt/contracts';
import { NS, formatTime, useAppSelector } from '../core';
import { commandKey, detailText } from './format';
import type { CommandEntry } from './state/commands';

const COLOR: Record<CommandState, BadgeProps['color']> = {
  sent: 'informative',
  delivered: 'brand',
  executed: 'success',
  failed: 'danger',
  expired: 'warning',
};

const EMPTY: number[] = [];

const useStyles = makeStyles({
  section: { display: 'grid', gap: tokens.spacingVerticalXS },
  // Bounded and scrolled inside, so a long history never pushes the command buttons away.
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS, maxHeight: '10rem', overflowY: 'auto' },
  item: { display: 'grid', gap: '2px', paddingBottom: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  steps: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, margin: 0, padding: 0, listStyle: 'none', color: tokens.colorNeutralForeground2 },
  detail: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

function CommandItem({ entry }: { entry: CommandEntry }) {
  const { t, i18n } = useTranslation(NS);
  const styles = useStyles();
  const detail = detailText(entry.detail);
  return (
    <li className={styles.item} data-testid="command-entry" data-state={entry.state}>
      <div className={styles.head}>
        <Text weight="semibold">{t(commandKey(entry.command))}</Text>
        <Badge color={COLOR[entry.state]} appearance="tint" data-testid="command-state">
          {t(`console.commands.state.${entry.state}`)}
        </Badge>
      </div>
      <ol className={styles.steps} aria-label={t('console.commands.lifecycle')}>
        {entry.steps.map((step) => (
          <li key={step.state} data-testid="command-step">
            <Caption1>{t('console.commands.stateAt', { state: t(`console.commands.state.${step.state}`), time: formatTime(step.at, i18n.language) })}</Caption1>
          </li>
        ))}
      </ol>
      {detail !== null && <Caption1 className={styles.detail}>{t('console.commands.detail', { detail })}</Caption1>}
    </li>
  );
}

/** The device's recent commands, newest first, each with every state it went through. */
export function CommandHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const ids = useAppSelector((s) => s.commands.byDevice[deviceId] ?? EMPTY);
  const items = useAppSelector((s) => s.commands.items);
  const entries = ids.map((id) => items[id]).filter((e): e is CommandEntry => e !== undefined);
  return (
    <section className={styles.section} aria-labelledby="dispatch-command-history">
      <Caption1Strong as="h3" block id="dispatch-command-history">
        {t('console.commands.history')}
      </Caption1Strong>
      {entries.length === 0 ? (
        <Caption1>{t('console.commands.noHistory')}</Caption1>
      ) : (
        <ul className={styles.list} aria-labelledby="dispatch-command-history" tabIndex={0}>
          {entries.map((entry) => (
            <CommandItem key={entry.commandId} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
