import { Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** Routes the spec lists without content (/main/newPage, /main/test). */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <section>
      <Title1 as="h1">{t(titleKey)}</Title1>
      <p>{t('page.placeholder')}</p>
    </section>
  );
}
