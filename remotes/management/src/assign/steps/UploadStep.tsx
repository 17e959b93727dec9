import { Field, ProgressBar, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { XLSX_MIME } from '@ptt/contracts';
import { NS } from '../../core';

interface Props {
  file: File | null;
  onFile: (file: File | null) => void;
  /** Upload fraction while the dry run is on its way; null when idle. */
  fraction: number | null;
  missing: boolean;
}

/** Step 2: the filled-in file. Next sends it for the dry run, with the upload's progress. */
export function UploadStep({ file, onFile, fraction, missing }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'assign' });
  const percent = Math.round((fraction ?? 0) * 100);
  return (
    <>
      <Field
        label={t('file')}
        hint={t('fileHint')}
        required
        validationMessage={missing ? t('fileRequired') : undefined}
        validationState={missing ? 'error' : 'none'}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept={`.xlsx,${XLSX_MIME}`}
            data-testid="assign-file"
            disabled={fraction !== null}
            onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
          />
        )}
      </Field>
      {file && <Text>{t('chosen', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}</Text>}
      {fraction !== null && (
        <Field validationMessage={fraction < 1 ? t('uploading', { percent }) : t('checking')} validationState="none">
          {/* Upload bytes are counted; the server's check after the last byte has no count, so the bar runs on. */}
          <ProgressBar value={fraction < 1 ? fraction : undefined} max={1} thickness="large" aria-label={t('steps.upload')} />
        </Field>
      )}
    </>
  );
}
