import { Text } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { sendNoticeSchema, type Notice, type NoticeDetail } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { useLazyChannelOptionsQuery, useLazyUserOptionsQuery, useSendNoticeMutation } from '../api';
import { NS } from '../strings';
import { TargetPicker, type TargetOption } from './TargetPicker';

interface Props {
  notice: Notice;
  onClose: () => void;
  onSent: (notice: NoticeDetail) => void;
}

const ids = (value: unknown) => ((value ?? []) as TargetOption[]).map((o) => o.id);

/** Chooses channels and members (searched on the server) and sends the draft to them. */
export function SendNoticeDialog({ notice, onClose, onSent }: Props) {
  const { t } = useTranslation(NS);
  const [send] = useSendNoticeMutation();
  const [channelOptions] = useLazyChannelOptionsQuery();
  const [userOptions] = useLazyUserOptionsQuery();

  // A later search replaces an earlier one in the picker, so an aborted search only needs dropping.
  const findChannels = useCallback(
    async (q: string) =>
      (await channelOptions(q, true).unwrap()).items.map((c) => ({ id: c.id, label: c.name, detail: t('send.memberCount', { count: c.memberCount }) })),
    [channelOptions, t],
  );
  const findUsers = useCallback(
    async (q: string) => (await userOptions(q, true).unwrap()).items.map((u) => ({ id: u.id, label: u.nickname, detail: u.account })),
    [userOptions],
  );

  return (
    <FormDialog
      title={t('send.title', { title: notice.title })}
      intro={<Text>{t('send.hint')}</Text>}
      schema={sendNoticeSchema}
      ns={NS}
      initial={{ channelIds: [], userIds: [] }}
      toInput={(v: FormValues) => ({ channelIds: ids(v.channelIds), userIds: ids(v.userIds) })}
      fields={[
        {
          name: 'channelIds',
          label: t('send.channels'),
          render: ({ value, onChange }) => (
            <TargetPicker
              label={t('send.channels')}
              placeholder={t('send.channelsPlaceholder')}
              selectedLabel={t('send.selectedChannels')}
              selected={value as TargetOption[]}
              onChange={onChange}
              search={findChannels}
            />
          ),
        },
        {
          name: 'userIds',
          label: t('send.members'),
          render: ({ value, onChange }) => (
            <TargetPicker
              label={t('send.members')}
              placeholder={t('send.membersPlaceholder')}
              selectedLabel={t('send.selectedMembers')}
              selected={value as TargetOption[]}
              onChange={onChange}
              search={findUsers}
            />
          ),
        },
      ]}
      submitLabel={t('send.submit')}
      onSubmit={async (body) => onSent(await send({ id: notice.id, body }).unwrap())}
      onClose={onClose}
    />
  );
}
