import { useState } from 'react';
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { LinkMultipleRegular, MegaphoneLoudRegular, PersonVoiceRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PATCH_CHANNELS_MAX, PATCH_CHANNELS_MIN } from '@ptt/contracts';
import type { AllCallResult } from '@ptt/contracts';
import { COMMON_NS } from '@ptt/ui';
import { NS, useCan } from '../core';
import { HoldButton } from '../ptt';
import { useCreatePatchMutation } from './patchApi';
import { refusalKey, resultReasonKey } from './refusal';
import type { AllCallControl } from './useAllCall';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  results: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  granted: { color: tokens.colorPaletteGreenForeground1 },
  refused: { color: tokens.colorPaletteRedForeground1 },
});

export interface TickedChannel {
  channelId: number;
  chatId: string;
  name: string;
}

export interface PatchBarProps {
  /** The ticked watched channels, in the tiles' order. */
  ticked: readonly TickedChannel[];
  /** Chat id -> channel name, for the all-call's answers. */
  nameOf: (chatId: string) => string;
  allCall: AllCallControl;
  /** A patch was made of the ticked channels. */
  onPatched: () => void;
}

/**
 * What the ticks on the watched tiles are for: patch the ticked channels, or hold to all-call
 * them; the all-call's answer per channel (on air, or the refusal in its rule's words).
 * Staff only ('ptt.force': the server refuses members both): nothing for other roles.
 */
export function PatchBar({ ticked, nameOf, allCall, onPatched }: PatchBarProps) {
  const { t } = useTranslation(NS);
  const { t: common } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const [create, creating] = useCreatePatchMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const staff = useCan('ptt.force');
  const count = ticked.length;
  const patchable = count >= PATCH_CHANNELS_MIN && count <= PATCH_CHANNELS_MAX && !creating.isLoading;
  const busy = allCall.state === 'requesting' || allCall.state === 'onAir';

  const patch = () => {
    setFailure(null);
    create({ channelIds: ticked.map((c) => c.channelId) })
      .unwrap()
      .then(onPatched)
      .catch((e: unknown) => setFailure(refusalKey(e)));
  };

  const answer = (r: AllCallResult) => {
    const channel = nameOf(r.chatId);
    if (r.granted) return t('watch.patch.onAir', { channel });
    const reason = common(resultReasonKey(r));
    const holder = r.floor.holder;
    return holder ? t('watch.patch.occupiedBy', { channel, reason, name: holder.nickname }) : t('watch.patch.refused', { channel, reason });
  };

  if (!staff) return null;
  return (
    <div className={styles.bar} data-testid="patch-bar">
      <Caption1>{count >= 2 ? t('watch.patch.ticked', { count }) : t('watch.patch.tickedNone')}</Caption1>
      <Button size="small" icon={<LinkMultipleRegular />} disabled={!patchable} title={t('watch.patch.createHint')} onClick={patch}>
        {t('watch.patch.create')}
      </Button>
      <HoldButton
        icon={<MegaphoneLoudRegular />}
        appearance={busy ? 'primary' : 'secondary'}
        disabledFocusable={count < 2}
        aria-pressed={busy}
        aria-describedby="dispatch-allcall-state"
        data-state={allCall.state}
        onPress={() => count >= 2 && allCall.press()}
        onRelease={allCall.release}
      >
        {t('watch.patch.allCall')}
      </HoldButton>
      {/* Force: every ticked channel's floor is taken from its speaker, as force insert does on the
          selected channel (shown once an all-call met an occupied channel, or while forcing). */}
      {(allCall.results?.some((r) => !r.granted && r.floor.holder) || allCall.forcing) && (
        <HoldButton
          icon={<PersonVoiceRegular />}
          disabledFocusable={count < 2}
          aria-describedby="dispatch-allcall-force-hint"
          onPress={() => count >= 2 && allCall.press(true)}
          onRelease={allCall.release}
        >
          {t('watch.patch.force')}
        </HoldButton>
      )}
      <span id="dispatch-allcall-force-hint" hidden>
        {t('watch.patch.forceHint')}
      </span>
      <Caption1 id="dispatch-allcall-state" role="status">
        {count >= 2 ? t(`watch.patch.allCallState.${allCall.state}`) : t('watch.patch.allCallHint')}
      </Caption1>
      {failure && (
        <Caption1 role="alert" className={styles.refused} data-testid="patch-error">
          {common(failure)}
        </Caption1>
      )}
      {allCall.results && (
        <ul className={styles.results} aria-label={t('watch.patch.results')}>
          {allCall.results.map((r) => (
            <li key={r.chatId} data-testid="allcall-result" data-chat-id={r.chatId} data-granted={r.granted} className={r.granted ? styles.granted : styles.refused}>
              {answer(r)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
