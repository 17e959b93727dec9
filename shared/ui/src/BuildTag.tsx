import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // Small and quiet, but in a colour that keeps text contrast at 4.5:1 or more (WCAG 1.4.3);
  // fading it with opacity did not.
  footer: { marginTop: '24px' },
  text: { color: tokens.colorNeutralForeground3 },
});

/**
 * The build tag of a remote, small and out of the way. The tag comes from the remote's own bundle;
 * a production build without PTT_BUILD_TAG has none and shows nothing.
 */
export function BuildTag({ tag }: { tag: string }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  if (!tag) return null;
  return (
    <footer data-build-tag={tag} className={styles.footer}>
      <Caption1 className={styles.text}>{t('buildTag', { tag })}</Caption1>
    </footer>
  );
}
