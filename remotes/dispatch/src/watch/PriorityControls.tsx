import { Badge, ToggleButton, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { AlertUrgentRegular, ArrowDownRegular, StarFilled, StarRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { WatchedChannel } from '@ptt/contracts';
import { NS } from '../core';
import type { ChannelPriority } from './priority';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface PriorityControlsProps {
  channel: WatchedChannel;
  name: string;
  /** Undefined while not known (the tile then shows the toggle only). */
  state: ChannelPriority | undefined;
  onChange: (next: WatchedChannel) => void;
}

/** A watched tile's priority: the dispatcher's toggle, and badges for priority, SOS priority and ducked. */
export function PriorityControls({ channel, name, state, onChange }: PriorityControlsProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <ToggleButton
        size="small"
        icon={channel.priority ? <StarFilled /> : <StarRegular />}
        checked={channel.priority}
        aria-label={t('watch.priority.toggleOn', { name })}
        onClick={() => onChange({ ...channel, priority: !channel.priority })}
      >
        {t('watch.priority.toggle')}
      </ToggleButton>
      {channel.priority && (
        <Tooltip content={t('watch.priority.badgeHint')} relationship="description">
          <Badge appearance={state?.active ? 'filled' : 'tint'} color="brand" icon={<StarRegular />}>
            {t('watch.priority.badge')}
          </Badge>
        </Tooltip>
      )}
      {state?.sos && (
        <Tooltip content={t('watch.priority.sosHint')} relationship="description">
          <Badge appearance={state.active ? 'filled' : 'tint'} color="danger" icon={<AlertUrgentRegular />}>
            {t('watch.priority.sos')}
          </Badge>
        </Tooltip>
      )}
      {state?.ducked && (
        <Tooltip content={t('watch.priority.duckedHint')} relationship="description">
          <Badge appearance="outline" color="informative" icon={<ArrowDownRegular />} role="status">
            {t('watch.priority.ducked')}
          </Badge>
        </Tooltip>
      )}
    </div>
  );
}
