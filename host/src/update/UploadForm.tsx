import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Select,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { PACKAGE_NOTES_MAX_LENGTH, Platform, packageUploadFieldsSchema, type ClientPackage } from '@ptt/contracts';
import { errorKey, fieldErrors, serverApi } from '@ptt/ui';
import { useServices } from '../app/services';
import { PLATFORM_ORDER, uploadPackage, useLazyOwnEnterpriseQuery } from './api';
import { NS } from './strings';

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '560px' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

type Status = { kind: 'idle' } | { kind: 'uploading'; name: string; fraction: number } | { kind: 'done'; version: string } | { kind: 'failed'; key: string };

interface FieldErrors {
  version?: string;
  notes?: string;
  file?: string;
}

/** Upload with platform, version and notes; the bar shows the bytes sent. */
export function UploadForm({ onUploaded }: { onUploaded: (pkg: ClientPackage) => void }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { api } = useServices();
  const dispatch = useDispatch();
  const [ownEnterprise] = useLazyOwnEnterpriseQuery();
  // The page is kept alive, so it unmounts only when the session ends: the upload stops then.
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const [platform, setPlatform] = useState<Platform>(Platform.Android);
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = status.kind === 'uploading';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = packageUploadFieldsSchema.safeParse({ platform, version, notes });
    const next: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (!file) next.file = 'fileRequired';
    setErrors(next);
    if (!parsed.success || !file) return;
    try {
      // Refused here rather than after sending the whole file (the server checks again).
      const ent = await ownEnterprise(undefined, true).unwrap();
      if (file.size > ent.maxFileBytes) {
        setStatus({ kind: 'failed', key: 'common:rule.fileTooLarge' });
        return;
      }
      setStatus({ kind: 'uploading', name: file.name, fraction: 0 });
      abort.current = new AbortController();
      const pkg = await uploadPackage(api, parsed.data, file, {
        signal: abort.current.signal,
        onProgress: (fraction) => setStatus({ kind: 'uploading', name: file.name, fraction }),
      });
      setStatus({ kind: 'done', version: pkg.version });
      setVersion('');
      setNotes('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      dispatch(serverApi.util.invalidateTags(['Package']));
      onUploaded(pkg);
    } catch (err) {
      // Stopped because the session ended: the login page says why.
      if (abort.current?.signal.aborted) return;
      setStatus({ kind: 'failed', key: `common:${errorKey(err)}` });
    }
  }

  const fieldError = (key: string | undefined) => (key ? t(key.startsWith('validation.') ? `common:${key}` : `upload.${key}`) : undefined);
  const percent = status.kind === 'uploading' ? Math.round(status.fraction * 100) : 0;

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="upload-title">
      <Subtitle2 as="h2" block id="upload-title">
        {t('upload.title')}
      </Subtitle2>
      <Field label={t('upload.platform')}>
        <Select value={platform} onChange={(_e, d) => setPlatform(d.value as Platform)} disabled={busy}>
          {PLATFORM_ORDER.map((p) => (
            <option key={p} value={p}>
              {t(`platform.${p}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('upload.version')} hint={t('upload.versionHint')} required validationMessage={fieldError(errors.version)}>
        <Input value={version} onChange={(_e, d) => setVersion(d.value)} disabled={busy} />
      </Field>
      <Field label={t('upload.notes')} validationMessage={fieldError(errors.notes)}>
        <Textarea value={notes} onChange={(_e, d) => setNotes(d.value)} maxLength={PACKAGE_NOTES_MAX_LENGTH} disabled={busy} resize="vertical" />
      </Field>
      <Field label={t('upload.file')} required validationMessage={fieldError(errors.file)}>
        {(fieldProps) => <input {...fieldProps} ref={fileInput} type="file" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </Field>
      {status.kind === 'uploading' && (
        <Field label={t('upload.progress', { name: status.name, percent })} validationState="none">
          <ProgressBar value={status.fraction} max={1} thickness="large" />
        </Field>
      )}
      {status.kind === 'done' && (
        <MessageBar intent="success">
          <MessageBarBody>{t('upload.done', { version: status.version })}</MessageBarBody>
        </MessageBar>
      )}
      {status.kind === 'failed' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t(status.key)}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t('upload.submit')}
        </Button>
      </div>
    </form>
  );
}
