import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { setTagsSchema, type UserSummary } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS } from '../../core';
import { useSetTagsMutation } from '../api';

interface Props {
  user: UserSummary;
  onClose: () => void;
  onSaved: (user: UserSummary) => void;
}

/** Comma-separated text as the tag list (blanks dropped); the schema checks each tag. */
export const tagsInput = (v: unknown): string[] =>
  (typeof v === 'string' ? v : '')
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Replaces a user's tags. */
export function TagsDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [save] = useSetTagsMutation();
  return (
    <FormDialog
      title={t('tags.title', { name: user.nickname })}
      intro={<Text>{t('tags.hint')}</Text>}
      schema={setTagsSchema}
      initial={{ tags: user.tags.join(', ') }}
      toInput={(v: FormValues) => ({ tags: tagsInput(v.tags) })}
      fields={[{ name: 'tags', label: t('tags.label') }]}
      submitLabel={t('tags.submit')}
      onSubmit={async (body) => onSaved(await save({ id: user.id, tags: body.tags }).unwrap())}
      onClose={onClose}
    />
  );
}
