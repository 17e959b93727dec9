import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EMBED_ORIGINS_MAX, SOS_ESCALATE_MAX_S, SOS_ESCALATE_MIN_S, updateSosSettingsSchema } from '@ptt/contracts';
import { COMMON_NS, DialogFrame, FormDialog, type FormValues } from '@ptt/ui';
import { useSosSettingsQuery, useUpdateSosSettingsMutation } from '../core';
import { NS } from '../strings';

export interface SettingsDialogProps {
  onClose: () => void;
  onSaved: () => void;
}

/** Typed values as the schema reads them: seconds as a number (blank is not a number), one origin a line. */
function toInput(v: FormValues) {
  const seconds = typeof v.escalateAfterS === 'string' ? v.escalateAfterS.trim() : '';
  const lines = typeof v.embedOrigins === 'string' ? v.embedOrigins.split(/\r?\n/) : [];
  return {
    escalateAfterS: seconds === '' ? Number.NaN : Number(seconds),
    embedOrigins: lines.map((l) => l.trim()).filter((l) => l !== ''),
  };
}

/** The organisation's escalation time and the sites that may embed the SOS page (managers). */
export function SettingsDialog({ onClose, onSaved }: SettingsDialogProps) {
  const { t } = useTranslation(NS, { keyPrefix: 'settings' });
  const { t: common } = useTranslation(COMMON_NS);
  const { data, error } = useSosSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateSosSettingsMutation();

  if (!data) {
    return (
      <DialogFrame title={t('title')} onClose={onClose} failure={error ? common('client.infoLoadFailed') : null} actions={null}>
        {!error && <Spinner size="small" label={t('loading')} />}
      </DialogFrame>
    );
  }
  return (
    <FormDialog
      title={t('title')}
      intro={<p>{t('intro')}</p>}
      schema={updateSosSettingsSchema}
      fields={[
        { name: 'escalateAfterS', label: t('escalateAfter'), hint: t('escalateAfterHint', { min: SOS_ESCALATE_MIN_S, max: SOS_ESCALATE_MAX_S }), kind: 'number', required: true },
        { name: 'embedOrigins', label: t('origins'), hint: t('originsHint', { max: EMBED_ORIGINS_MAX }), kind: 'textarea', rows: 4 },
      ]}
      initial={{ escalateAfterS: String(data.escalateAfterS), embedOrigins: data.embedOrigins.join('\n') }}
      toInput={toInput}
      ns={NS}
      onClose={onClose}
      onSubmit={async (body) => {
        await update(body).unwrap();
        onSaved();
      }}
    />
  );
}
