import { Button, Caption1, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, PresenceBadge, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { PresenceBadgeStatus } from '@fluentui/react-components';
import { CallRegular, ChatRegular, LocationRegular, MoreHorizontalRegular, PhoneLaptopRegular, TimelineRegular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { personalChatId } from '@ptt/contracts';
import type { Device, UserStatus } from '@ptt/contracts';
import { COMMAND_BAR_ID } from '../commands';
import { NS, focusMember, openChat, openTrack, requestCall, selectMember, useAppDispatch } from '../core';
import { statusKey } from './format';
import type { MemberRow } from './memberRows';

/** Fixed row height: a fixed size lets the virtual list skip measuring 10,000 rows. */
export const MEMBER_ROW_HEIGHT_PX = 52;

const PRESENCE: Record<UserStatus, PresenceBadgeStatus> = {
  online: 'available',
  busy: 'busy',
  away: 'away',
  dnd: 'do-not-disturb',
  offline: 'offline',
  invisible: 'offline',
  unknown: 'unknown',
};

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    height: `${MEMBER_ROW_HEIGHT_PX}px`,
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  main: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexGrow: 1,
    minWidth: 0,
    textAlign: 'start',
    border: 'none',
    padding: 0,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  badge: { gridRow: '1 / span 2' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  info: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
});

export interface MemberRowViewProps {
  row: MemberRow;
  index: number;
  selected: boolean;
  selfId: number | null;
  entId: number | null;
  /** null: the role may not read devices, so the row says nothing about them. */
  device: Device | null | undefined;
  canLocate: boolean;
  canCommand: boolean;
}

function MemberRowViewInner({ row, index, selected, selfId, entId, device, canLocate, canCommand }: MemberRowViewProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { member, status } = row;
  const uid = member.userId;
  const self = uid === selfId;
  const name = self ? `${member.nickname} ${t('console.members.you')}` : member.nickname;
  const parts = [t(statusKey(status)), t(`console.role.${member.role}`)];
  if (device === null) parts.push(t('console.members.noDevice'));
  else if (device) parts.push(t('console.commands.deviceLabel', { name: device.name, platform: t(`console.platform.${device.platform}`) }));

  const message = () => {
    if (entId === null || selfId === null) return;
    dispatch(openChat({ chatId: personalChatId(entId, selfId, uid), kind: 'personal', title: member.nickname, channelId: null, peerId: uid }));
  };
  const commands = () => {
    dispatch(selectMember(uid));
    // After the bar re-renders for this member.
    requestAnimationFrame(() => document.getElementById(COMMAND_BAR_ID)?.focus());
  };

  return (
    <div className={mergeClasses(styles.row, selected && styles.selected)} data-testid="member-row">
      <button type="button" className={styles.main} data-row-index={index} aria-pressed={selected} onClick={() => dispatch(selectMember(uid))}>
        <PresenceBadge status={PRESENCE[status]} className={styles.badge} aria-hidden />
        <Text className={styles.name} weight="semibold">
          {name}
          {!member.enabled && <SpeakerMuteRegular aria-label={t('console.members.muted')} />}
        </Text>
        {/* Cut to the row's width: the whole line (a long device name) on hover. */}
        <Caption1 className={styles.info} data-testid="member-info" title={parts.join(' · ')}>
          {parts.join(' · ')}
        </Caption1>
      </button>
      {!self && (
        <>
          <Tooltip content={t('console.members.messageName', { name: member.nickname })} relationship="label">
            <Button size="small" appearance="subtle" icon={<ChatRegular />} onClick={message} />
          </Tooltip>
          <Tooltip content={t('console.members.callName', { name: member.nickname })} relationship="label">
            <Button size="small" appearance="subtle" icon={<CallRegular />} onClick={() => dispatch(requestCall(uid))} />
          </Tooltip>
        </>
      )}
      {(canLocate || canCommand) && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={t('console.members.actions', { name: member.nickname })} relationship="label">
              <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {canLocate && (
                <MenuItem icon={<LocationRegular />} onClick={() => dispatch(focusMember(uid))}>
                  {t('console.members.locate')}
                </MenuItem>
              )}
              {canLocate && (
                <MenuItem icon={<TimelineRegular />} onClick={() => dispatch(openTrack(uid))}>
                  {t('console.members.track')}
                </MenuItem>
              )}
              {canCommand && (
                <MenuItem icon={<PhoneLaptopRegular />} onClick={commands}>
                  {t('console.members.commands')}
                </MenuItem>
              )}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </div>
  );
}

/** One member: presence, name, status, role and device; message, call and more actions. */
export const MemberRowView = memo(MemberRowViewInner);
