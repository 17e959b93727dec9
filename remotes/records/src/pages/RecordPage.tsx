import { Body1, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';

export const RECORD_KINDS = ['sos', 'login', 'cross', 'operation'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Skeleton of one record list: title and purpose. */
export function RecordPage({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation(NS);
  return (
    <section>
      <Title1 as="h1" block>{t(`${kind}.title`)}</Title1>
      <Body1 as="p">{t(`${kind}.intro`)}</Body1>
    </section>
  );
}
