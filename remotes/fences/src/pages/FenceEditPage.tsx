import { Body1, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { NS } from '../strings';

/** Route `edit/:id`: the fence id comes from the path. */
export function FenceEditPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  return (
    <section>
      <Title1 as="h1" block>{t('edit.title', { id })}</Title1>
      <Body1 as="p">{t('edit.intro')}</Body1>
      <RouterLink to="..">{t('edit.back')}</RouterLink>
    </section>
  );
}
