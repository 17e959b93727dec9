import { Body1, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';

export const PATROL_SECTIONS = ['dashboard', 'task', 'node', 'member', 'record'] as const;
export type PatrolSection = (typeof PATROL_SECTIONS)[number];

/** Skeleton of one patrol page: title and purpose. */
export function PatrolPage({ section }: { section: PatrolSection }) {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t(`${section}.title`)}</Title1>
      <Body1 as="p">{t(`${section}.intro`)}</Body1>
    </section>
  );
}
