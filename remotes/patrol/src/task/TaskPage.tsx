import { Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../core/ns';

/** The task section of patrol (ADR 029). */
export function TaskPage() {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t('task.title')}</Title1>
    </section>
  );
}
