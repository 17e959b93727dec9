import { useEffect, useState } from 'react';
import type { ChangeEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  ProgressBar,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@ptt/contracts';
import type { UserSummary } from '@ptt/contracts';
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
  content: { display: 'grid', gap: tokens.spacingVerticalM },
  preview: {
    width: `${PREVIEW_PX}px`,
    height: `${PREVIEW_PX}px`,
    borderRadius: '50%',
    objectFit: 'cover',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  placeholder: { color: tokens.colorNeutralForeground3 },
});

/** The i18n key (common namespace) refusing a chosen file, or null: checked before any upload. */
export function avatarFileErrorKey(file: File): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'rule.fileTypeNotAllowed';
  if (file.size > AVATAR_MAX_BYTES) return 'rule.fileTooLarge';
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

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? avatarFileErrorKey(chosen) : null;
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
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('avatar.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field label={t('avatar.file', { size: `${MAX_MB} MB` })} validationMessage={error ? t(`common:${error}`) : undefined}>
              {(fieldProps) => <input {...fieldProps} type="file" accept={AVATAR_MIME_TYPES.join(',')} onChange={choose} disabled={busy} />}
            </Field>
            {preview ? (
              <img className={styles.preview} src={preview} alt={t('avatar.preview')} />
            ) : (
              <Text className={styles.placeholder}>{t('avatar.noPreview')}</Text>
            )}
            {busy && (
              <Field validationMessage={t('avatar.uploading', { percent })} validationState="none">
                <ProgressBar value={progress} max={1} />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button appearance="primary" disabled={!file || busy} onClick={() => void upload()}>
              {t('avatar.upload')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
