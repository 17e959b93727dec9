import { Badge } from '@fluentui/react-components';
import type { BadgeProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useBusState } from '@ptt/ui';
import { useServices } from '../app/services';
import { connectionView } from './connectionState';
import type { ConnectionView } from './connectionState';
import { NS } from './strings';

const COLOR: Record<ConnectionView['view'], BadgeProps['color']> = {
  open: 'success',
  connecting: 'informative',
  reconnecting: 'warning',
  idle: 'danger',
};

/** The /ws2 connection in the header: connected, reconnecting with its attempt, or disconnected. */
export function ConnectionStatus() {
  const { t } = useTranslation(NS);
  const { bus } = useServices();
  const view = connectionView(useBusState(bus, 'socket/status'));
  const text = view.view === 'reconnecting' ? t('connection.reconnecting', { attempt: view.attempt }) : t(`connection.${view.view}`);
  return (
    <span role="status" aria-label={t('connection.label', { state: text })} data-testid="connection-status" data-state={view.view}>
      <Badge appearance="tint" color={COLOR[view.view]}>
        {text}
      </Badge>
    </span>
  );
}
