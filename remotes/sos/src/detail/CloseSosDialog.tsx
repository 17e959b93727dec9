import { useTranslation } from 'react-i18next';
import { SOS_NOTE_MAX_LENGTH, sosCloseSchema } from '@ptt/contracts';
import type { SosRecord } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { memberName, useCloseSosMutation } from '../core';
import type { QueueEntry } from '../queue/queue';
import { NS } from '../strings';

export interface CloseSosDialogProps {
  entry: QueueEntry;
  onClose: () => void;
  onClosed: (record: SosRecord) => void;
}

/** Closes an SOS with an optional note, checked with the server's own schema; a refusal ('The SOS
 *  has already been closed') stays in the dialog in its words. */
export function CloseSosDialog({ entry, onClose, onClosed }: CloseSosDialogProps) {
  const { t } = useTranslation(NS, { keyPrefix: 'closeDialog' });
  const [close] = useCloseSosMutation();
  // A blank note is no note: the server then stores none.
  const toInput = (v: FormValues) => {
    const note = typeof v.note === 'string' ? v.note.trim() : '';
    return note === '' ? {} : { note };
  };
  return (
    <FormDialog
      title={t('title')}
      intro={<p>{t('intro', { name: memberName(entry.nickname, entry.account) })}</p>}
      schema={sosCloseSchema}
      fields={[{ name: 'note', label: t('note'), hint: t('noteHint'), kind: 'textarea', rows: 3, maxLength: SOS_NOTE_MAX_LENGTH }]}
      initial={{ note: '' }}
      toInput={toInput}
      submitLabel={t('submit')}
      ns={NS}
      onClose={onClose}
      onSubmit={async (body) => {
        const record = await close({ id: entry.id, body }).unwrap();
        onClosed(record);
      }}
    />
  );
}
