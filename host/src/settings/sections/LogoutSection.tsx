import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../app/session';
import { NS } from '../strings';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL },
});

/** The same logout as the user menu's: offline heartbeat, server logout, back to /login. */
export function LogoutSection() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const logout = useLogout();
  return (
    <div className={styles.column}>
      <Text>{t('logout.text')}</Text>
      <Button appearance="primary" icon={<SignOutRegular />} onClick={() => void logout()}>
        {t('logout.button')}
      </Button>
    </div>
  );
}
