import { Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../core/ns';

/** The member section of patrol (ADR 029). */
export function MemberPage() {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t('member.title')}</Title1>
    </section>
  );
}
