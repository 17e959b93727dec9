import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Textarea,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createNoticeSchema, type NoticeDetail, type Notice } from '@ptt/contracts';
import { useServices } from '../../app/services';
import { createNotice, updateNotice } from '../api';
import { errorText, fieldErrors } from '../format';
import { NS } from '../strings';

interface Props {
  /** The draft to edit, or null to write a new one. */
  notice: Notice | null;
  onClose: () => void;
  onSaved: (notice: NoticeDetail) => void;
}

/** Writes a new notice or edits a draft: title and text, checked with the server's own schema. */
export function NoticeEditorDialog({ notice, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const { api } = useServices();
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createNoticeSchema.safeParse({ title, body });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const saved = notice ? await updateNotice(api, notice.id, parsed.data) : await createNotice(api, parsed.data);
      onSaved(saved);
    } catch (err) {
      setFailure(errorText(t, err));
      setBusy(false);
    }
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{t(notice ? 'editor.editTitle' : 'editor.createTitle')}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              {failure && (
                <MessageBar intent="error">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              )}
              <Field label={t('editor.titleLabel')} required validationMessage={errors.title ? t(errors.title, { ns: 'common' }) : undefined}>
                <Input value={title} onChange={(_e, d) => setTitle(d.value)} />
              </Field>
              <Field label={t('editor.bodyLabel')} validationMessage={errors.body ? t(errors.body, { ns: 'common' }) : undefined}>
                <Textarea value={body} rows={8} resize="vertical" onChange={(_e, d) => setBody(d.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={onClose}>
                {t('editor.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy}>
                {t('editor.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
