import {
  Button,
  CounterBadge,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ToggleButton,
  Toolbar,
  ToolbarDivider,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AlertUrgentRegular, CallRegular, CircleRegular, LocationArrowRegular, ShapesRegular, ZoomFitRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';
import { FenceLayerMenu } from '../fences';
import { MapLegend } from './MapLegend';

const useStyles = makeStyles({
  toolbar: { flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  sos: { color: tokens.colorPaletteRedForeground1 },
});

export interface MapToolbarProps {
  /** Whether the buttons that act on others' positions apply (staff). */
  staff: boolean;
  mapReady: boolean;
  hasSelection: boolean;
  follow: boolean;
  onFollow: (on: boolean) => void;
  onFitAll: () => void;
  /** Draw an area to pick the members of a temporary channel. */
  onSelectArea: (shape: 'circle' | 'polygon') => void;
  selecting: boolean;
  /** An open temporary channel of this dispatcher: the button reopens its dialog. */
  tempActive: boolean;
  onShowTemp: () => void;
  sosCount: number;
  onShowSos: () => void;
  /** The fence layer's switch, for those who may read fences; null: no layer menu. */
  fenceLayer: { on: boolean; set: (on: boolean) => void } | null;
}

export function MapToolbar(p: MapToolbarProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <Toolbar aria-label={t('live.toolbar.label')} size="small" className={styles.toolbar}>
      {/* Icons only for the frequent view tools: the centre pane is narrow at 1366x768. */}
      <Tooltip content={t('live.toolbar.fitAll')} relationship="label">
        <Button appearance="subtle" icon={<ZoomFitRegular />} disabled={!p.mapReady} onClick={p.onFitAll} />
      </Tooltip>
      <Tooltip content={t('live.toolbar.follow')} relationship="label">
        <ToggleButton
          appearance="subtle"
          icon={<LocationArrowRegular />}
          checked={p.follow}
          disabled={!p.mapReady || !p.hasSelection}
          onClick={() => p.onFollow(!p.follow)}
        />
      </Tooltip>
      {p.staff ? (
        <>
          <ToolbarDivider />
          {p.tempActive ? (
            <Button appearance="subtle" icon={<CallRegular />} onClick={p.onShowTemp}>
              {t('live.toolbar.tempActive')}
            </Button>
          ) : (
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button appearance="subtle" icon={<CallRegular />} disabled={!p.mapReady || p.selecting}>
                  {t('live.toolbar.temp')}
                </Button>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem icon={<CircleRegular />} onClick={() => p.onSelectArea('circle')}>
                    {t('live.toolbar.circle')}
                  </MenuItem>
                  <MenuItem icon={<ShapesRegular />} onClick={() => p.onSelectArea('polygon')}>
                    {t('live.toolbar.polygon')}
                  </MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          )}
        </>
      ) : null}
      {p.sosCount > 0 ? (
        <Button
          appearance="subtle"
          className={styles.sos}
          icon={<AlertUrgentRegular />}
          onClick={p.onShowSos}
          aria-label={t('live.toolbar.sosLabel', { count: p.sosCount })}
        >
          {t('live.toolbar.sos')}
          <CounterBadge count={p.sosCount} color="danger" size="small" aria-hidden />
        </Button>
      ) : null}
      <ToolbarDivider />
      {p.fenceLayer ? <FenceLayerMenu fences={p.fenceLayer.on} onFences={p.fenceLayer.set} disabled={!p.mapReady} /> : null}
      <MapLegend fences={p.fenceLayer !== null} />
    </Toolbar>
  );
}
