import { Body1, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';

export function ScreenPage() {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t('title')}</Title1>
      <Body1 as="p">{t('intro')}</Body1>
    </section>
  );
}
