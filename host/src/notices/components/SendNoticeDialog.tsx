import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Text,
} from '@fluentui/react-components';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendNoticeSchema, type Notice, type NoticeDetail } from '@ptt/contracts';
import { useServices } from '../../app/services';
import { searchChannels, searchUsers, sendNotice } from '../api';
import { errorText, fieldErrors } from '../format';
import { NS } from '../strings';
import { TargetPicker, type TargetOption } from './TargetPicker';

interface Props {
  notice: Notice;
  onClose: () => void;
  onSent: (notice: NoticeDetail) => void;
}

/** Chooses channels and members (searched on the server) and sends the draft to them. */
export function SendNoticeDialog({ notice, onClose, onSent }: Props) {
  const { t } = useTranslation(NS);
  const { api } = useServices();
  const [channels, setChannels] = useState<TargetOption[]>([]);
  const [users, setUsers] = useState<TargetOption[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const findChannels = useCallback(
    async (q: string, signal: AbortSignal) =>
      (await searchChannels(api, q, signal)).items.map((c) => ({ id: c.id, label: c.name, detail: t('send.memberCount', { count: c.memberCount }) })),
    [api, t],
  );
  const findUsers = useCallback(
    async (q: string, signal: AbortSignal) => (await searchUsers(api, q, signal)).items.map((u) => ({ id: u.id, label: u.nickname, detail: u.account })),
    [api],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = sendNoticeSchema.safeParse({ channelIds: channels.map((c) => c.id), userIds: users.map((u) => u.id) });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      setInvalid(Object.values(errors)[0] ?? null);
      return;
    }
    setInvalid(null);
    setFailure(null);
    setBusy(true);
    try {
      onSent(await sendNotice(api, notice.id, parsed.data));
    } catch (err) {
      setFailure(errorText(t, err));
      setBusy(false);
    }
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{t('send.title', { title: notice.title })}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              <Text>{t('send.hint')}</Text>
              {(failure ?? invalid) && (
                <MessageBar intent="error">
                  <MessageBarBody>{failure ?? t(invalid!, { ns: 'common' })}</MessageBarBody>
                </MessageBar>
              )}
              <TargetPicker
                label={t('send.channels')}
                placeholder={t('send.channelsPlaceholder')}
                selectedLabel={t('send.selectedChannels')}
                selected={channels}
                onChange={setChannels}
                search={findChannels}
              />
              <TargetPicker
                label={t('send.members')}
                placeholder={t('send.membersPlaceholder')}
                selectedLabel={t('send.selectedMembers')}
                selected={users}
                onChange={setUsers}
                search={findUsers}
              />
            </DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={onClose}>
                {t('send.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy}>
                {t('send.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
