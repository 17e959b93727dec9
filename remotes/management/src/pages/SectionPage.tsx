import { Body1, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Section } from '../sections';
import { NS } from '../strings';

/** Skeleton of the users, channels and devices pages: title and purpose. */
export function SectionPage({ section }: { section: Section }) {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t(`${section}.title`)}</Title1>
      <Body1 as="p">{t(`${section}.intro`)}</Body1>
    </section>
  );
}
