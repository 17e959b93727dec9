import { useTranslation } from 'react-i18next';
import { createNoticeSchema, type NoticeDetail, type Notice } from '@ptt/contracts';
import { FormDialog } from '@ptt/ui';
import { useCreateNoticeMutation, useUpdateNoticeMutation } from '../api';
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
  const [create] = useCreateNoticeMutation();
  const [update] = useUpdateNoticeMutation();
  return (
    <FormDialog
      title={t(notice ? 'editor.editTitle' : 'editor.createTitle')}
      schema={createNoticeSchema}
      ns={NS}
      initial={{ title: notice?.title ?? '', body: notice?.body ?? '' }}
      fields={[
        { name: 'title', label: t('editor.titleLabel'), required: true },
        { name: 'body', label: t('editor.bodyLabel'), kind: 'textarea', rows: 8 },
      ]}
      submitLabel={t('editor.save')}
      onSubmit={async (body) => onSaved(await (notice ? update({ id: notice.id, body }) : create(body)).unwrap())}
      onClose={onClose}
    />
  );
}
