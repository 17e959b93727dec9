import { useEffect, useState } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRefetchOnReconnect } from '@ptt/ui';
import { useServices } from './services';
import { useSession } from './session';
import { servicesDown, useServiceStatusQuery } from './serviceStatusApi';

/** How often the console asks while everything is up, and while something is down (to clear soon after). */
export const STATUS_POLL_MS = 15_000;
export const STATUS_POLL_DOWN_MS = 3_000;

/**
 * A bar across the top of every page of a logged-in console for as long as the server cannot reach
 * its database, Redis or Janus, naming each; it goes away by itself once they are back. A server
 * that does not answer at all is the socket status's to show (SocketWatch), not this bar's; the
 * bar asks again as soon as the socket reopens.
 */
export function ServiceBanner() {
  const { bus } = useServices();
  const session = useSession();
  const skip = !session;
  // The last answer sets the pace: quick while something is down, slow otherwise.
  const [quick, setQuick] = useState(false);
  const status = useServiceStatusQuery(undefined, { skip, pollingInterval: quick ? STATUS_POLL_DOWN_MS : STATUS_POLL_MS, skipPollingIfUnfocused: false });
  const down = skip ? [] : servicesDown(status.currentData, status.error);
  useEffect(() => setQuick(down.length > 0), [down.length]);
  useRefetchOnReconnect(bus, skip ? noop : status.refetch);
  const { t } = useTranslation();
  if (down.length === 0) return null;
  return (
    <MessageBar intent="error" role="alert" layout="multiline" data-testid="service-banner">
      <MessageBarBody>
        <MessageBarTitle>{t('serviceStatus.title')}</MessageBarTitle>
        {down.map((name) => t(`serviceStatus.${name}`)).join(' ')}
      </MessageBarBody>
    </MessageBar>
  );
}

function noop(): void {
  // skipped: nothing to refetch before a login
}
