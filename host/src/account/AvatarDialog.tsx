import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Button, Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX, AVATAR_MIME_TYPES, imageDimensions } from '@ptt/contracts';
import type { UserSummary } from '@ptt/contracts';
import { DialogFrame } from '@ptt/ui';
import type { AccountApi } from './api';
import { errorKeyOf } from './api';
import { NS } from './strings';

export interface AvatarDialogProps {
  api: AccountApi;
  onClose: () => void;
  onSaved: (user: UserSummary) => void;
}

const PREVIEW_PX = 96;
const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

const useStyles = makeStyles({
  preview: {
    width: `${PREVIEW_PX}px`,
    height: `${PREVIEW_PX}px`,
    borderRadius: '50%',
    objectFit: 'cover',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  placeholder: { color: tokens.colorNeutralForeground3 },
});

function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('cannot read the file'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The i18n key (common namespace) refusing a chosen file, or null: the server's checks, made
 * before any upload. Dimensions come from the image's header (the file is at most 2 MiB by then),
 * as the server reads them; a header it cannot read is not one of the allowed images.
 */
export async function avatarFileErrorKey(file: File): Promise<string | null> {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'rule.fileTypeNotAllowed';
  if (file.size > AVATAR_MAX_BYTES) return 'rule.fileTooLarge';
  const size = imageDimensions(await readBytes(file));
  if (!size) return 'rule.fileTypeNotAllowed';
  if (size.width > AVATAR_MAX_SIDE_PX || size.height > AVATAR_MAX_SIDE_PX) return 'rule.fileTooLarge';
  return null;
}

/** Choose an image, see it, upload it with progress; the header shows it once the server has it. */
export function AvatarDialog({ api, onClose, onSaved }: AvatarDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Checking reads the file: only the latest choice may set the outcome.
  const latestPick = useRef(0);

  // One object URL per chosen file, released when another is chosen or the dialog closes.
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const pick = ++latestPick.current;
    setFile(null);
    setError(null);
    const problem = chosen ? await avatarFileErrorKey(chosen).catch(() => 'rule.fileTypeNotAllowed') : null;
    if (pick !== latestPick.current) return;
    setError(problem);
    setFile(problem ? null : chosen);
  };

  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      onSaved(await api.uploadAvatar(file, setProgress));
    } catch (e) {
      setError(errorKeyOf(e));
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <DialogFrame
      title={t('avatar.title')}
      locked={busy}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button appearance="primary" disabled={!file || busy} onClick={() => void upload()}>
            {t('avatar.upload')}
          </Button>
        </>
      }
    >
      <Field label={t('avatar.file', { size: `${MAX_MB} MB` })} validationMessage={error ? t(`common:${error}`) : undefined}>
        {(fieldProps) => <input {...fieldProps} type="file" accept={AVATAR_MIME_TYPES.join(',')} onChange={(e) => void choose(e)} disabled={busy} />}
      </Field>
      {preview ? <img className={styles.preview} src={preview} alt={t('avatar.preview')} /> : <Text className={styles.placeholder}>{t('avatar.noPreview')}</Text>}
      {busy && (
        <Field validationMessage={t('avatar.uploading', { percent })} validationState="none">
          <ProgressBar value={progress} max={1} />
        </Field>
      )}
    </DialogFrame>
  );
}
