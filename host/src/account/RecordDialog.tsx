import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
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
import type { Page } from '@ptt/contracts';
import { RECORD_PAGE_SIZE } from './api';
import { NS } from './strings';

export interface RecordColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
}

export interface RecordDialogProps<T> {
  title: string;
  columns: RecordColumn<T>[];
  load: (page: number, signal: AbortSignal) => Promise<Page<T>>;
  rowKey: (row: T) => number;
  onClose: () => void;
}

type State<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; page: Page<T> };

const useStyles = makeStyles({
  surface: { maxWidth: 'min(1100px, calc(100vw - 32px))' },
  scroll: { overflowX: 'auto' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
  empty: { display: 'block', padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** One of the user's own record lists, a page at a time, with loading, empty and failed states. */
export function RecordDialog<T>({ title, columns, load, rowKey, onClose }: RecordDialogProps<T>) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [pageNo, setPageNo] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State<T>>({ kind: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: 'loading' });
    load(pageNo, abort.signal)
      .then((page) => setState({ kind: 'loaded', page }))
      .catch(() => {
        if (!abort.signal.aborted) setState({ kind: 'failed' });
      });
    return () => abort.abort();
  }, [load, pageNo, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const pages = state.kind === 'loaded' ? Math.max(1, Math.ceil(state.page.total / RECORD_PAGE_SIZE)) : 1;

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {state.kind === 'loading' && <Spinner size="small" label={t('records.loading')} />}
            {state.kind === 'failed' && (
              <MessageBar intent="error">
                <MessageBarBody>{t('common:client.infoLoadFailed')}</MessageBarBody>
                <MessageBarActions>
                  <Button onClick={retry}>{t('retry')}</Button>
                </MessageBarActions>
              </MessageBar>
            )}
            {state.kind === 'loaded' && state.page.items.length === 0 && <Text className={styles.empty}>{t('records.empty')}</Text>}
            {state.kind === 'loaded' && state.page.items.length > 0 && (
              <>
                <div className={styles.scroll}>
                  <Table aria-label={title} size="small">
                    <TableHeader>
                      <TableRow>
                        {columns.map((c) => (
                          <TableHeaderCell key={c.id}>{c.header}</TableHeaderCell>
                        ))}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {state.page.items.map((row) => (
                        <TableRow key={rowKey(row)}>
                          {columns.map((c) => (
                            <TableCell key={c.id}>{c.cell(row)}</TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
                <nav className={styles.pager} aria-label={title}>
                  <Button disabled={pageNo <= 1} onClick={() => setPageNo((p) => p - 1)}>
                    {t('records.previous')}
                  </Button>
                  <Text aria-live="polite">{t('records.pageOf', { page: pageNo, pages })}</Text>
                  <Button disabled={pageNo >= pages} onClick={() => setPageNo((p) => p + 1)}>
                    {t('records.next')}
                  </Button>
                </nav>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
