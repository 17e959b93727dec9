import { Badge, Button, Subtitle2, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { MicRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';

/** PTT connection states of spec section 4. */
export type PttState = 'connecting' | 'connected' | 'notConnected' | 'disconnected';

const useStyles = makeStyles({
  area: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { margin: 0 },
});

/**
 * The push-to-talk control. Media comes with the PTT and media issue, so until then the button is
 * there, disabled but focusable (its tooltip says why), and the state is honestly "not connected".
 */
export function PttArea({ state = 'notConnected' }: { state?: PttState }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const stateText = t(`console.ptt.state.${state}`);
  return (
    <section className={styles.area} aria-labelledby="dispatch-ptt-title">
      <Subtitle2 as="h2" id="dispatch-ptt-title" className={styles.heading}>
        {t('console.ptt.title')}
      </Subtitle2>
      <Tooltip content={t('console.ptt.unavailable')} relationship="description">
        <Button icon={<MicRegular />} disabledFocusable size="large">
          {t('console.ptt.button')}
        </Button>
      </Tooltip>
      <Badge appearance="outline" color="subtle" data-testid="ptt-state" role="status">
        {t('console.ptt.stateLabel', { state: stateText })}
      </Badge>
    </section>
  );
}
