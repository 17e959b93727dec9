import { Body1, CounterBadge, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';

/** SOS management: how many alerts wait for a dispatcher (none are tracked yet). */
export function SosPage({ waiting }: { waiting: number }) {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t('title')}</Title1>
      <p data-testid="sos-waiting">
        {t('waiting', { count: waiting })} <CounterBadge count={waiting} showZero aria-hidden />
      </p>
      <Body1 as="p">{t('intro')}</Body1>
    </section>
  );
}
