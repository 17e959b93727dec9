import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Device } from '@ptt/contracts';
import { COMMON_NS } from '@ptt/ui';
import { NS } from '../../core';

interface Props {
  /** The page shown (undefined while it loads). */
  rows: readonly Device[] | undefined;
  selected: readonly Device[];
}

/**
 * The spec's client message 'Some devices need activation', where it applies: the selection holds
 * inactive devices (batch activation will be offered for them), or else the page shows some.
 */
export function ActivationNotice({ rows, selected }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices.needActivation' });
  const { t: common } = useTranslation(COMMON_NS);
  const inSelection = selected.filter((d) => !d.active).length;
  const onPage = (rows ?? []).filter((d) => !d.active).length;
  if (inSelection === 0 && onPage === 0) return null;
  return (
    <MessageBar intent="warning" data-testid="devices-need-activation">
      <MessageBarBody>
        <MessageBarTitle>{common('client.devicesNeedActivation')}</MessageBarTitle>
        {inSelection > 0 ? t('selection', { count: inSelection }) : t('page', { count: onPage })}
      </MessageBarBody>
    </MessageBar>
  );
}
