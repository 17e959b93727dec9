import { useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { displayCreateSchema, displayUpdateSchema, DISPLAY_NAME_MAX_LENGTH, PAIRING_CODE_LENGTH } from '@ptt/contracts';
import type { Display } from '@ptt/contracts';
import { ConfirmDialog, DataTable, FormDialog, ViewDialog, errorKey } from '@ptt/ui';
import type { DataColumn, TableQuery } from '@ptt/ui';
import { formatDateTime, useDisplaysQuery, usePairDisplayMutation, useRevokeDisplayMutation, useUpdateDisplayMutation } from '../core';
import { PanelsDialog } from '../layout/PanelsDialog';
import { NS } from '../strings';

/** The list is read again this often while the dialog is open (online and last seen move). */
export const DISPLAYS_REFRESH_MS = 30_000;

const QUERY: TableQuery = { page: 1, size: 100, filters: {} };

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

type Open = { kind: 'pair' } | { kind: 'layout'; display: Display } | { kind: 'rename'; display: Display } | { kind: 'revoke'; display: Display } | null;

/** Where a pairing refusal belongs: the code's own errors on the code, the name's on the name. */
function pairRefusal(e: unknown): Record<string, string> | null {
  const key = errorKey(e);
  if (key === 'rule.pairingCodeUnknown' || key === 'validation.pairingCodeInvalid') return { code: key };
  if (key === 'validation.displayNameRequired' || key === 'validation.displayNameTooLong') return { name: key };
  return null;
}

/** The organisation's wall displays: pair, lay out, rename, revoke (managers, screen.displays). */
export function DisplaysDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'displays' });
  const styles = useStyles();
  const { data, error, isFetching, refetch } = useDisplaysQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: DISPLAYS_REFRESH_MS });
  const [pair] = usePairDisplayMutation();
  const [update] = useUpdateDisplayMutation();
  const [revoke] = useRevokeDisplayMutation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const after = async <T,>(work: Promise<T>): Promise<T> => {
    const result = await work;
    void refetch();
    return result;
  };

  const columns: DataColumn<Display>[] = [
    { id: 'name', header: t('name'), cell: (d) => d.name, required: true },
    {
      id: 'status',
      header: t('status'),
      cell: (d) => (
        <Badge appearance="tint" color={d.online ? 'success' : 'subtle'} data-testid="display-status">
          {d.online ? t('online') : t('offline')}
        </Badge>
      ),
    },
    { id: 'pairedAt', header: t('pairedAt'), cell: (d) => formatDateTime(d.pairedAt, i18n.language) ?? t('notClaimed') },
    { id: 'lastSeen', header: t('lastSeen'), cell: (d) => formatDateTime(d.lastSeenAt, i18n.language) ?? t('never') },
    {
      id: 'actions',
      header: t('actions'),
      required: true,
      cell: (d) => (
        <div className={styles.actions}>
          <Button size="small" aria-label={t('layoutOf', { name: d.name })} onClick={() => setOpen({ kind: 'layout', display: d })}>
            {t('layout')}
          </Button>
          <Button size="small" aria-label={t('renameOf', { name: d.name })} onClick={() => setOpen({ kind: 'rename', display: d })}>
            {t('rename')}
          </Button>
          <Button size="small" aria-label={t('revokeOf', { name: d.name })} onClick={() => setOpen({ kind: 'revoke', display: d })}>
            {t('revoke')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ViewDialog title={t('title')} onClose={onClose} wide>
      <DataTable
        label={t('table')}
        columns={columns}
        rows={data}
        total={data?.length ?? 0}
        rowId={(d) => d.id}
        query={QUERY}
        onQueryChange={() => undefined}
        loading={isFetching}
        error={error ? i18n.t(errorKey(error), { ns: 'common' }) : null}
        onRetry={() => void refetch()}
        emptyText={t('empty')}
        rowTestId={() => 'display-row'}
        toolbar={
          <Button appearance="primary" onClick={() => setOpen({ kind: 'pair' })}>
            {t('pair')}
          </Button>
        }
      />
      {open?.kind === 'pair' && (
        <FormDialog
          title={t('pair')}
          ns={NS}
          intro={<p>{t('pairIntro')}</p>}
          schema={displayCreateSchema}
          fields={[
            { name: 'name', label: t('name'), required: true, maxLength: DISPLAY_NAME_MAX_LENGTH },
            { name: 'code', label: t('code'), required: true, maxLength: PAIRING_CODE_LENGTH },
          ]}
          initial={{ name: '', code: '' }}
          submitLabel={t('pairSubmit')}
          refusalErrors={pairRefusal}
          onSubmit={async (body) => {
            await after(pair(body).unwrap());
            close();
          }}
          onClose={close}
        />
      )}
      {open?.kind === 'rename' && (
        <FormDialog
          title={t('renameOf', { name: open.display.name })}
          ns={NS}
          schema={displayUpdateSchema}
          fields={[{ name: 'name', label: t('name'), required: true, maxLength: DISPLAY_NAME_MAX_LENGTH }]}
          initial={{ name: open.display.name }}
          onSubmit={async (body) => {
            await after(update({ id: open.display.id, body }).unwrap());
            close();
          }}
          onClose={close}
        />
      )}
      {open?.kind === 'layout' && (
        <PanelsDialog
          title={t('layoutOf', { name: open.display.name })}
          layout={open.display.layout}
          onSave={(layout) => after(update({ id: open.display.id, body: { layout } }).unwrap())}
          onClose={close}
        />
      )}
      {open?.kind === 'revoke' && (
        <ConfirmDialog
          title={t('revokeTitle', { name: open.display.name })}
          confirmLabel={t('revoke')}
          onConfirm={async () => {
            await after(revoke(open.display.id).unwrap());
            close();
          }}
          onClose={close}
        >
          {t('revokeText')}
        </ConfirmDialog>
      )}
    </ViewDialog>
  );
}
