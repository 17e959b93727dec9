import { Button, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../../core';

export interface LinkRow {
  id: number;
  name: string;
  detail?: string;
  enabled: boolean;
}

interface Props {
  /** The list's accessible name (Members, Linked channels). */
  label: string;
  rows: readonly LinkRow[];
  emptyText: string;
  onToggle: (row: LinkRow, enabled: boolean) => void;
  onRemove: (row: LinkRow) => void;
  /** While a change is on its way. */
  busy?: boolean;
}

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxHeight: '240px', overflowY: 'auto' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  tools: { display: 'flex', alignItems: 'center', flexShrink: 0 },
});

/**
 * The fence's member users or linked channels, each with its own switch (a disabled user link
 * exempts that person even from a linked channel, ADR 007) and its removal.
 */
export function LinkList({ label, rows, emptyText, onToggle, onRemove, busy }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor.links' });
  const styles = useStyles();
  if (rows.length === 0) return <Text size={200}>{emptyText}</Text>;
  return (
    <ul aria-label={label} className={styles.list}>
      {rows.map((r) => (
        <li key={r.id} className={styles.row}>
          <Text className={styles.name}>{r.detail ? `${r.name} (${r.detail})` : r.name}</Text>
          <span className={styles.tools}>
            <Switch checked={r.enabled} disabled={busy} label={t('alerts')} aria-label={t('alertsFor', { name: r.name })} onChange={(_e, d) => onToggle(r, d.checked)} />
            <Button size="small" appearance="subtle" icon={<DismissRegular />} disabled={busy} aria-label={t('remove', { name: r.name })} onClick={() => onRemove(r)} />
          </span>
        </li>
      ))}
    </ul>
  );
}
