import { Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';

export function UsersPage() {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t('users.title')}</Title1>
    </section>
  );
}
