import { useCallback, useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ClientPackage, Page, Platform } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { HTML_LANG, currentLocale, useFileUrlSigner } from '@ptt/ui';
import { useServices } from '../app/services';
import { useSession } from '../app/session';
import { DeletePackageDialog } from './DeletePackageDialog';
import { PACKAGE_PAGE_SIZE, deletePackage, listPackages, makeCurrent } from './api';
import { formatSize } from './formatSize';
import { NS } from './strings';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  notes: { whiteSpace: 'pre-wrap', maxWidth: '320px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
  empty: { display: 'block', padding: tokens.spacingVerticalXL, color: tokens.colorNeutralForeground3 },
});

type State = { kind: 'loading' } | { kind: 'failed'; key: string } | { kind: 'loaded'; page: Page<ClientPackage> };
type Outcome = { kind: 'ok'; key: string; version: string } | { kind: 'error'; key: string } | null;

const errorKey = (e: unknown) => `common:${isApiError(e) ? e.i18nKey : 'serverCode.500'}`;

/** One platform's packages, newest first, with "make current" and delete for managers. */
export function PackageList({ platform, reload, canManage }: { platform: Platform; reload: number; canManage: boolean }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { api } = useServices();
  // Download links are signed with the session's file key (ADR 012), renewed every hour.
  const signFileUrl = useFileUrlSigner(useSession());
  const [pageNo, setPageNo] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ClientPackage | null>(null);

  // A new upload or another platform starts again at the newest page.
  useEffect(() => setPageNo(1), [platform, reload]);
  // A message about one platform's package does not belong on another platform's tab.
  useEffect(() => setOutcome(null), [platform]);

  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: 'loading' });
    listPackages(api, platform, pageNo, abort.signal)
      .then((page) => {
        // Deleting the last row of the last page: show the page before instead of an empty one.
        if (page.items.length === 0 && pageNo > 1) setPageNo(pageNo - 1);
        else setState({ kind: 'loaded', page });
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'failed', key: errorKey(e) });
      });
    return () => abort.abort();
  }, [api, platform, pageNo, reload, attempt]);

  const act = useCallback(
    async (pkg: ClientPackage, run: () => Promise<unknown>, okKey: string) => {
      setBusyId(pkg.id);
      try {
        await run();
        setOutcome({ kind: 'ok', key: okKey, version: pkg.version });
      } catch (e) {
        setOutcome({ kind: 'error', key: errorKey(e) });
      } finally {
        setBusyId(null);
        setAttempt((n) => n + 1);
      }
    },
    [],
  );

  const locale = HTML_LANG[currentLocale()];
  const pages = state.kind === 'loaded' ? Math.max(1, Math.ceil(state.page.total / PACKAGE_PAGE_SIZE)) : 1;

  return (
    <section aria-label={t('list.title', { platform: t(`platform.${platform}`) })}>
      {outcome && (
        <MessageBar intent={outcome.kind === 'ok' ? 'success' : 'error'} role={outcome.kind === 'ok' ? 'status' : 'alert'}>
          <MessageBarBody>{outcome.kind === 'ok' ? t(outcome.key, { version: outcome.version }) : t(outcome.key)}</MessageBarBody>
        </MessageBar>
      )}
      {state.kind === 'loading' && <Spinner size="small" label={t('list.loading')} />}
      {state.kind === 'failed' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t(state.key)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setAttempt((n) => n + 1)}>{t('list.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {state.kind === 'loaded' && state.page.items.length === 0 && <Text className={styles.empty}>{t('list.empty')}</Text>}
      {state.kind === 'loaded' && state.page.items.length > 0 && (
        <div className={styles.scroll}>
          <Table aria-label={t('list.title', { platform: t(`platform.${platform}`) })}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('list.version')}</TableHeaderCell>
                <TableHeaderCell>{t('list.status')}</TableHeaderCell>
                <TableHeaderCell>{t('list.notes')}</TableHeaderCell>
                <TableHeaderCell>{t('list.size')}</TableHeaderCell>
                <TableHeaderCell>{t('list.uploader')}</TableHeaderCell>
                <TableHeaderCell>{t('list.time')}</TableHeaderCell>
                <TableHeaderCell>{t('list.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {state.page.items.map((pkg) => {
                const size = formatSize(pkg.size);
                return (
                  <TableRow key={pkg.id} data-testid={`package-${pkg.version}`}>
                    <TableCell>{pkg.version}</TableCell>
                    <TableCell>{pkg.current && <Badge appearance="filled" color="success">{t('list.current')}</Badge>}</TableCell>
                    <TableCell className={styles.notes}>{pkg.notes}</TableCell>
                    <TableCell>{t(size.key, { n: size.n })}</TableCell>
                    <TableCell>{pkg.uploader?.nickname ?? t('list.unknownUploader')}</TableCell>
                    <TableCell>{new Date(pkg.createdAt).toLocaleString(locale)}</TableCell>
                    <TableCell>
                      <div className={styles.actions}>
                        <Link href={signFileUrl(pkg.fileId)} download={pkg.fileName}>
                          {t('list.download')}
                        </Link>
                        {canManage && !pkg.current && (
                          <>
                            <Button
                              size="small"
                              disabled={busyId !== null}
                              aria-label={t('list.makeCurrentOf', { version: pkg.version })}
                              onClick={() => void act(pkg, () => makeCurrent(api, pkg.id), 'list.nowCurrent')}
                            >
                              {t('list.makeCurrent')}
                            </Button>
                            <Button size="small" disabled={busyId !== null} aria-label={t('list.deleteOf', { version: pkg.version })} onClick={() => setDeleting(pkg)}>
                              {t('list.delete')}
                            </Button>
                          </>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      {pages > 1 && (
        <div className={styles.pager}>
          <Button size="small" disabled={pageNo <= 1} onClick={() => setPageNo((n) => n - 1)}>
            {t('list.previous')}
          </Button>
          <Text>{t('list.pageOf', { page: pageNo, pages })}</Text>
          <Button size="small" disabled={pageNo >= pages} onClick={() => setPageNo((n) => n + 1)}>
            {t('list.next')}
          </Button>
        </div>
      )}
      {deleting && (
        <DeletePackageDialog
          version={deleting.version}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const pkg = deleting;
            setDeleting(null);
            void act(pkg, () => deletePackage(api, pkg.id), 'list.deleted');
          }}
        />
      )}
    </section>
  );
}
