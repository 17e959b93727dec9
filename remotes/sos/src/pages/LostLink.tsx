import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSos } from '../core';
import { NS } from '../strings';
import { useLinkLost } from './useLinkLost';

/** The spec's message while /ws2 is lost; the bridge reconnects by itself and the queue is read again. */
export function LostLink() {
  const { t } = useTranslation(NS);
  const { bus } = useSos();
  const lost = useLinkLost(bus);
  return (
    <div role="alert">
      {lost && (
        <MessageBar intent="error" data-testid="sos-link-lost">
          <MessageBarBody>{t('lostLink')}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
