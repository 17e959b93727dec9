import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Link, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ClientPackage, Platform } from '@ptt/contracts';
import { DataTable, HTML_LANG, currentLocale, errorKey, useFileUrlSigner, useListResult, useTableQuery, type DataColumn } from '@ptt/ui';
import { useSession } from '../app/session';
import { DeletePackageDialog } from './DeletePackageDialog';
import { PACKAGE_PAGE_SIZE, useDeletePackageMutation, useMakePackageCurrentMutation, usePackagesQuery } from './api';
import { formatSize } from './formatSize';
import { NS } from './strings';

const useStyles = makeStyles({
  notes: { whiteSpace: 'pre-wrap', maxWidth: '320px', display: 'block' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type Outcome = { kind: 'ok'; key: string; version: string } | { kind: 'error'; key: string } | null;

/** One platform's packages, newest first, with "make current" and delete for managers. */
export function PackageList({ platform, canManage }: { platform: Platform; canManage: boolean }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  // Download links are signed with the session's file key (ADR 012), renewed every hour.
  const signFileUrl = useFileUrlSigner(useSession());
  const { query, setQuery, setFilter } = useTableQuery({ page: 1, size: PACKAGE_PAGE_SIZE, filters: { platform } });
  const list = useListResult(usePackagesQuery(query));
  const [makeCurrent, current] = useMakePackageCurrentMutation();
  const [remove] = useDeletePackageMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [deleting, setDeleting] = useState<ClientPackage | null>(null);

  // Another platform starts at its newest page, and a message about one platform's package does
  // not belong on another platform's tab.
  useEffect(() => {
    setFilter('platform', platform);
    setOutcome(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setFilter is rebuilt each render; only the platform matters
  }, [platform]);

  const columns = useMemo((): DataColumn<ClientPackage>[] => {
    const locale = HTML_LANG[currentLocale()];
    const promote = async (pkg: ClientPackage) => {
      try {
        await makeCurrent(pkg.id).unwrap();
        setOutcome({ kind: 'ok', key: 'list.nowCurrent', version: pkg.version });
      } catch (e) {
        setOutcome({ kind: 'error', key: `common:${errorKey(e)}` });
      }
    };
    return [
      { id: 'version', header: t('list.version'), cell: (p) => p.version, required: true },
      { id: 'status', header: t('list.status'), cell: (p) => p.current && <Badge appearance="filled" color="success">{t('list.current')}</Badge> },
      { id: 'notes', header: t('list.notes'), cell: (p) => <span className={styles.notes}>{p.notes}</span> },
      { id: 'size', header: t('list.size'), cell: (p) => t(formatSize(p.size).key, { n: formatSize(p.size).n }) },
      { id: 'uploader', header: t('list.uploader'), cell: (p) => p.uploader?.nickname ?? t('list.unknownUploader') },
      { id: 'time', header: t('list.time'), cell: (p) => new Date(p.createdAt).toLocaleString(locale) },
      {
        id: 'actions',
        header: t('list.actions'),
        required: true,
        cell: (pkg) => (
          <div className={styles.actions}>
            <Link href={signFileUrl(pkg.fileId)} download={pkg.fileName}>
              {t('list.download')}
            </Link>
            {canManage && !pkg.current && (
              <>
                <Button size="small" disabled={current.isLoading} aria-label={t('list.makeCurrentOf', { version: pkg.version })} onClick={() => void promote(pkg)}>
                  {t('list.makeCurrent')}
                </Button>
                <Button size="small" disabled={current.isLoading} aria-label={t('list.deleteOf', { version: pkg.version })} onClick={() => setDeleting(pkg)}>
                  {t('list.delete')}
                </Button>
              </>
            )}
          </div>
        ),
      },
    ];
  }, [t, styles, signFileUrl, canManage, current.isLoading, makeCurrent]);

  const title = t('list.title', { platform: t(`platform.${platform}`) });
  return (
    <section aria-label={title}>
      {outcome && (
        <MessageBar intent={outcome.kind === 'ok' ? 'success' : 'error'} role={outcome.kind === 'ok' ? 'status' : 'alert'}>
          <MessageBarBody>{outcome.kind === 'ok' ? t(outcome.key, { version: outcome.version }) : t(outcome.key)}</MessageBarBody>
        </MessageBar>
      )}
      <DataTable
        label={title}
        columns={columns}
        {...list}
        rowId={(p) => p.id}
        rowTestId={(p) => `package-${p.version}`}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('list.empty')}
        columnsKey="packages"
      />
      {deleting && (
        <DeletePackageDialog
          version={deleting.version}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await remove(deleting.id).unwrap();
            setOutcome({ kind: 'ok', key: 'list.deleted', version: deleting.version });
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}
