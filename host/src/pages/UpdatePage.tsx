import { Field, Input, Title1 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { KeepAlive } from '../app/KeepAlive';

export const UPDATE_PATH = '/update';

export function UpdatePage() {
  const { t } = useTranslation('common');
  const [note, setNote] = useState('');
  return (
    <main style={{ padding: 24 }} data-testid="update-page">
      <Title1 as="h1">{t('page.update')}</Title1>
      <p>{t('page.placeholder')}</p>
      <Field label={t('page.update')}>
        <Input value={note} onChange={(_e, d) => setNote(d.value)} />
      </Field>
    </main>
  );
}

/** /update keeps its state when the user leaves, so it lives outside the route outlet. */
export function UpdateKeeper() {
  const { pathname } = useLocation();
  return (
    <KeepAlive active={pathname === UPDATE_PATH}>
      <UpdatePage />
    </KeepAlive>
  );
}
