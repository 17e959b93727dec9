import { useState } from 'react';
import { Body1, Card, Link, Tab, TabList, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Platform, can, type ClientPackage } from '@ptt/contracts';
import { addRemoteStrings } from '@ptt/ui';
import { KeepAlive } from '../app/KeepAlive';
import { HOME_PATH, useSession } from '../app/session';
import { PLATFORM_ORDER } from '../update/api';
import { PackageList } from '../update/PackageList';
import { UploadForm } from '../update/UploadForm';
import { NS, en, zh } from '../update/strings';

addRemoteStrings(NS, en, zh);

export const UPDATE_PATH = '/update';

const useStyles = makeStyles({
  page: { padding: tokens.spacingHorizontalXXL, display: 'grid', gap: tokens.spacingVerticalL, maxWidth: '1200px' },
  top: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/** /update: client packages for devices, outside the /main shell (hence its own way back). */
export function UpdatePage() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const session = useSession();
  const navigate = useNavigate();
  const [platform, setPlatform] = useState<Platform>(Platform.Android);
  const canManage = session !== null && can(session.role, 'package.manage');

  // The list refetches by itself (the upload invalidates the packages); show the platform it went to.
  const uploaded = (pkg: ClientPackage) => setPlatform(pkg.platform);

  return (
    <main className={styles.page} data-testid="update-page">
      <div className={styles.top}>
        <Title1 as="h1" block>{t('common:page.update')}</Title1>
        <Link
          href={HOME_PATH}
          onClick={(e) => {
            e.preventDefault();
            void navigate(HOME_PATH);
          }}
        >
          {t('back')}
        </Link>
      </div>
      <Body1>{t('intro')}</Body1>
      {canManage && (
        <Card>
          <UploadForm onUploaded={uploaded} />
        </Card>
      )}
      <Card>
        <TabList selectedValue={platform} onTabSelect={(_e, d) => setPlatform(d.value as Platform)} aria-label={t('platforms')}>
          {PLATFORM_ORDER.map((p) => (
            <Tab key={p} value={p}>
              {t(`platform.${p}`)}
            </Tab>
          ))}
        </TabList>
        <PackageList platform={platform} canManage={canManage} />
      </Card>
    </main>
  );
}

/** /update keeps its state when the user leaves, so it lives outside the route outlet. */
export function UpdateKeeper() {
  const { pathname } = useLocation();
  return (
    <KeepAlive active={pathname === UPDATE_PATH}>
      <UpdatePage />
    </KeepAlive>
  );
}
