import { Text, ToggleButton, Button, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { CircleRegular, DeleteRegular, FullScreenMaximizeRegular, ShapesRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FenceShape, LngLat } from '@ptt/contracts';
import { MapView, ShapeLayer, type Drawing, type PttMap, type ShapeKind } from '@ptt/map';
import { COMMON_NS } from '@ptt/ui';
import { NS, useFences } from '../core';

interface Props {
  /** The stored shape (WGS-84), shown until the user draws; null for a new fence. */
  stored: FenceShape | null;
  /** Each change the user makes: a new drawing, an edit, or null when cleared. */
  onChange: (drawing: Drawing | null) => void;
  /** i18n key of the drawing's error. */
  error?: string;
  /** Where a new fence's map starts (WGS-84), once known: near the organisation's other fences. */
  startAt?: LngLat;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  map: { position: 'relative', height: '480px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

// Where a new fence starts: zoomed in enough that three clicks make a fence, not a province.
const NEW_ZOOM = 11;
// Near the organisation's fences: a street block is a few clicks.
const START_ZOOM = 15;

/** The editor's map: the fence drawn on the tiles chosen in settings, with its drawing tools. */
export function ShapeMap({ stored, onChange, error, startAt }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor.map' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const { map: settings } = useFences();
  const [map, setMap] = useState<PttMap | null>(null);
  const [layer, setLayer] = useState<ShapeLayer | null>(null);
  const [mode, setMode] = useState<ShapeKind | null>(null);
  const [hasShape, setHasShape] = useState(stored !== null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const started = useRef(false);

  useEffect(() => {
    if (!map) return;
    const made = new ShapeLayer(map, {
      editable: true,
      handleLabels: { point: t('handlePoint'), middle: t('handleMiddle') },
      onDrawMode: setMode,
      onChange: (drawing) => {
        setHasShape(drawing !== null);
        onChangeRef.current(drawing);
      },
    });
    setLayer(made);
    return () => {
      made.destroy();
      setLayer(null);
    };
    // Made once per map: a language switch renames the handles the next time they are made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  // The stored shape, again whenever another console changes it; a drawing of the user's stays.
  useEffect(() => {
    if (!layer) return;
    layer.show(stored);
    setHasShape(stored !== null);
    layer.fit();
  }, [layer, stored]);

  // Once, and not over a drawing the user has begun.
  useEffect(() => {
    if (!map || !startAt || stored || started.current || hasShape || mode) return;
    started.current = true;
    map.focus(startAt, START_ZOOM);
  }, [map, startAt, stored, hasShape, mode]);

  const hint = mode === 'polygon' ? t('hintPolygon') : mode === 'circle' ? t('hintCircle') : hasShape ? t('hintEdit') : t('hintEmpty');

  return (
    <div className={styles.root}>
      <Toolbar aria-label={t('tools')} size="small">
        <ToggleButton icon={<ShapesRegular />} checked={mode === 'polygon'} disabled={!layer} onClick={() => (mode === 'polygon' ? layer?.cancelDraw() : layer?.draw('polygon'))}>
          {t('polygon')}
        </ToggleButton>
        <ToggleButton icon={<CircleRegular />} checked={mode === 'circle'} disabled={!layer} onClick={() => (mode === 'circle' ? layer?.cancelDraw() : layer?.draw('circle'))}>
          {t('circle')}
        </ToggleButton>
        <Button icon={<FullScreenMaximizeRegular />} disabled={!layer || !hasShape} onClick={() => layer?.fit()}>
          {t('fit')}
        </Button>
        <Button icon={<DeleteRegular />} disabled={!layer || !hasShape} onClick={() => layer?.clear()}>
          {t('clear')}
        </Button>
      </Toolbar>
      <Text size={200} aria-live="polite">
        {hint}
      </Text>
      <div className={styles.map}>
        <MapView settings={settings} ariaLabel={t('label')} zoom={stored ? undefined : NEW_ZOOM} onReady={setMap} />
      </div>
      {error && (
        <Text role="alert" className={styles.error}>
          {tCommon(error)}
        </Text>
      )}
    </div>
  );
}
