import { Button, Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type UserSummary } from '@ptt/contracts';
import { COMMON_NS, DialogFrame, errorKey, serverApi, useFileUrlSigner } from '@ptt/ui';
import { useDispatch } from 'react-redux';
import { NS, useManagement } from '../../core';
import { uploadAvatar } from '../api';

interface Props {
  user: UserSummary;
  onClose: () => void;
  onSaved: (user: UserSummary) => void;
}

const PREVIEW_PX = 96;
const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

const useStyles = makeStyles({
  preview: { width: `${PREVIEW_PX}px`, height: `${PREVIEW_PX}px`, borderRadius: '50%', objectFit: 'cover', border: `1px solid ${tokens.colorNeutralStroke1}` },
});

/** The i18n key (common) refusing a file before upload: the type and size the server allows (it checks the pixels too). */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'rule.fileTypeNotAllowed';
  if (file.size > AVATAR_MAX_BYTES) return 'rule.fileTooLarge';
  return null;
}

/** Choose an image for someone's avatar, see it, upload it with progress. */
export function AvatarDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const { t: common } = useTranslation(COMMON_NS);
  const { api, session } = useManagement();
  const sign = useFileUrlSigner(session);
  const dispatch = useDispatch();
  const styles = useStyles();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

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
    const problem = chosen ? avatarFileProblem(chosen) : null;
    setError(problem);
    setFile(problem ? null : chosen);
  };

  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const saved = await uploadAvatar(api, user.id, file, setProgress);
      // An upload is not an RTK mutation: the lists learn of it through the tag.
      dispatch(serverApi.util.invalidateTags(['User']));
      onSaved(saved);
    } catch (e) {
      setError(errorKey(e));
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <DialogFrame
      title={t('avatar.title', { name: user.nickname })}
      locked={busy}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button appearance="primary" disabled={!file || busy} onClick={() => void upload()}>
            {t('avatar.upload')}
          </Button>
        </>
      }
    >
      <Field label={t('avatar.file', { size: `${MAX_MB} MB` })} validationMessage={error ? common(error) : undefined}>
        {(fieldProps) => <input {...fieldProps} type="file" accept={AVATAR_MIME_TYPES.join(',')} onChange={choose} disabled={busy} />}
      </Field>
      {preview ? (
        <img className={styles.preview} src={preview} alt={t('avatar.preview')} />
      ) : user.avatar ? (
        <img className={styles.preview} src={sign(user.avatar)} alt={t('avatar.current')} />
      ) : (
        <Text>{t('avatar.noAvatar')}</Text>
      )}
      {busy && (
        <Field label={t('avatar.progress')}>
          <ProgressBar value={progress} max={1} />
        </Field>
      )}
    </DialogFrame>
  );
}
