import { Button, Field, ProgressBar, Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetImportResult, SheetRowError } from '@ptt/contracts';
import { COMMON_NS, DataTable, DialogFrame, errorKey, serverApi, type DataColumn, type TableQuery } from '@ptt/ui';
import { useDispatch } from 'react-redux';
import { NS, saveFile, useManagement } from '../../core';
import { downloadImportTemplate, importUsers } from '../api';

interface Props {
  onClose: () => void;
}

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ONE_PAGE: TableQuery = { page: 1, size: 10_000, filters: {} };
const ignore = () => undefined;

/** The template, the upload with its progress, then the outcome: counts and each refused row with its reason. */
export function ImportUsersDialog({ onClose }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const { t: common } = useTranslation(COMMON_NS);
  const { api } = useManagement();
  const dispatch = useDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<SheetImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const fail = (e: unknown) => setFailure(common(errorKey(e)));

  const template = async () => {
    setFailure(null);
    try {
      saveFile(await downloadImportTemplate(api), 'user-import-template.xlsx');
    } catch (e) {
      fail(e);
    }
  };

  const upload = async () => {
    if (!file) return;
    setFailure(null);
    setResult(null);
    setProgress(0);
    try {
      setResult(await importUsers(api, file, setProgress));
      // The server announces each new user on the bus too; this is the page's own refetch.
      dispatch(serverApi.util.invalidateTags(['User']));
    } catch (e) {
      fail(e);
    } finally {
      setProgress(null);
    }
  };

  const columns = useMemo(
    (): DataColumn<SheetRowError & { key: string }>[] => [
      { id: 'row', header: t('import.row'), cell: (e) => e.row, required: true },
      { id: 'field', header: t('import.field'), cell: (e) => e.field },
      { id: 'problem', header: t('import.problem'), cell: (e) => common(e.message), required: true },
      { id: 'value', header: t('import.value'), cell: (e) => e.value ?? '' },
    ],
    [t, common],
  );
  const errors = useMemo(() => (result?.errors ?? []).map((e, i) => ({ ...e, key: `${e.row}-${e.field}-${i}` })), [result]);

  const busy = progress !== null;
  return (
    <DialogFrame
      title={t('import.title')}
      wide
      locked={busy}
      onClose={onClose}
      failure={failure}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {common('kit.close')}
          </Button>
          <Button appearance="primary" disabled={!file || busy} onClick={() => void upload()}>
            {t('import.upload')}
          </Button>
        </>
      }
    >
      <Text>{t('import.intro')}</Text>
      <div>
        <Button onClick={() => void template()}>{t('import.template')}</Button>
      </div>
      <Field label={t('import.file')}>
        {(fieldProps) => (
          <input {...fieldProps} type="file" accept={XLSX_ACCEPT} disabled={busy} onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)} />
        )}
      </Field>
      {busy && (
        <Field label={t('import.progress')}>
          <ProgressBar value={progress} max={1} />
        </Field>
      )}
      <div role="status">
        {result && (
          <Text weight="semibold">
            {t('import.summary', { total: result.total, created: result.created, updated: result.updated, unchanged: result.unchanged, errors: result.errors.length })}
          </Text>
        )}
      </div>
      {errors.length > 0 && (
        <DataTable
          label={t('import.errorsLabel')}
          columns={columns}
          rows={errors}
          total={errors.length}
          rowId={(e) => e.key}
          query={ONE_PAGE}
          onQueryChange={ignore}
          maxHeight={320}
        />
      )}
    </DialogFrame>
  );
}
