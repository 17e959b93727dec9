import { Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { STANDALONE_NS } from './strings';

/** What an embedded page shows until the embedding site has handed it a session. */
export function EmbedWaiting() {
  const { t } = useTranslation(STANDALONE_NS);
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <div role="status" style={{ display: 'grid', justifyItems: 'center', gap: 8 }} data-testid="embed-waiting">
        <Spinner size="small" />
        <Text weight="semibold">{t('embedWaiting')}</Text>
        <Text size={200}>{t('embedWaitingHint')}</Text>
      </div>
    </main>
  );
}
