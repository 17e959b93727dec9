import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { LinkDismissRegular, LinkMultipleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** A watched channel's patch: whom it is patched with, and how the dispatcher ends it. */
export interface TilePatchInfo {
  id: string;
  /** The other patched channels' names. */
  others: string[];
  /** Ends the patch; absent for a role that may not patch ('ptt.force'): the badge only. */
  onEnd?: () => void;
}

/** The "Patched" badge of a tile (with the other channels' names), shown to everyone, and its "End patch" action for staff. */
export function TilePatch({ name, patch }: { name: string; patch: TilePatchInfo }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const names = patch.others.join(', ');
  return (
    <div className={styles.row} data-testid="tile-patch" data-patch-id={patch.id}>
      <Badge appearance="filled" color="important" icon={<LinkMultipleRegular />} title={t('watch.patch.with', { names })}>
        {t('watch.patch.badge')}
      </Badge>
      <span>{t('watch.patch.with', { names })}</span>
      {patch.onEnd && (
        <Button size="small" appearance="subtle" icon={<LinkDismissRegular />} aria-label={t('watch.patch.endOn', { name })} onClick={patch.onEnd}>
          {t('watch.patch.end')}
        </Button>
      )}
    </div>
  );
}
