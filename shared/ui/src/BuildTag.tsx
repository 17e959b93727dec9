import { Caption1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** The build tag of a remote, small and out of the way. The tag comes from the remote's own bundle. */
export function BuildTag({ tag }: { tag: string }) {
  const { t } = useTranslation('common');
  return (
    <footer data-build-tag={tag} style={{ marginTop: 24, opacity: 0.6 }}>
      <Caption1>{t('buildTag', { tag })}</Caption1>
    </footer>
  );
}
