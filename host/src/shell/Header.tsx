import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ConnectionStatus } from './ConnectionStatus';
import { LanguageSwitch } from './LanguageSwitch';
import { MainMenu } from './MainMenu';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  grow: { flexGrow: 1 },
});

export function Header() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <header className={styles.header}>
      <Text className={styles.brand}>{t('app.title')}</Text>
      <div className={styles.grow}>
        <MainMenu />
      </div>
      <ConnectionStatus />
      <LanguageSwitch />
      <UserMenu />
    </header>
  );
}
