import { useState } from 'react';
import type { FormEvent } from 'react';
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
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@ptt/contracts';
import type { AccountApi } from './api';
import { errorKeyOf } from './api';
import { NS } from './strings';
import { nicknameErrorKey } from './validation';

export interface NicknameDialogProps {
  api: AccountApi;
  current: string;
  onClose: () => void;
  onSaved: (user: UserSummary) => void;
}

/** The own nickname with the messages of spec section 5, checked here and again by the server. */
export function NicknameDialog({ api, current, onClose, onSaved }: NicknameDialogProps) {
  const { t } = useTranslation(NS);
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nicknameErrorKey(value);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      onSaved(await api.setNickname(value.trim()));
    } catch (e) {
      setError(errorKeyOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{t('nickname.title')}</DialogTitle>
            <DialogContent>
              <Field label={t('nickname.label')} required validationMessage={error ? t(`common:${error}`) : undefined}>
                <Input
                  value={value}
                  onChange={(_, d) => {
                    setValue(d.value);
                    setError(null);
                  }}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? t('nickname.saving') : t('save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
