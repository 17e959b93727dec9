import { useState } from 'react';
import { Button, Popover, PopoverSurface, PopoverTrigger, ToolbarButton, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { EmojiRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';
import { EXPRESSIONS } from './expressions';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(4, 44px)', gap: tokens.spacingHorizontalXS },
  cell: { minWidth: '44px', height: '44px', fontSize: '24px', padding: 0 },
});

/** A small grid of the expression set; picking one sends it. */
export function ExpressionPicker({ disabled, onPick }: { disabled: boolean; onPick: (code: string) => void }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={(_e, d) => setOpen(d.open)} trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('chat.expressions')} relationship="label">
          <ToolbarButton icon={<EmojiRegular />} disabled={disabled} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('chat.expressions')}>
        <div className={styles.grid} role="group" aria-label={t('chat.expressions')}>
          {EXPRESSIONS.map((e) => (
            <Button
              key={e.code}
              className={styles.cell}
              appearance="subtle"
              aria-label={t(`chat.expression.${e.code}`)}
              title={t(`chat.expression.${e.code}`)}
              onClick={() => {
                setOpen(false);
                onPick(e.code);
              }}
            >
              {e.emoji}
            </Button>
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
