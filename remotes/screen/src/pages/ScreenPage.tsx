import { useLayoutEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ScreenPanel } from '@ptt/contracts';
import { useCan, useNow, useScreen } from '../core';
import { ScreenHeader } from '../header/ScreenHeader';
import { useLostSince } from '../header/useLinkState';
import { DisplaysDialog } from '../displays/DisplaysDialog';
import { PanelsDialog } from '../layout/PanelsDialog';
import { useScreenLayout } from '../layout/useScreenLayout';
import { useScreenLive } from '../live/useScreenLive';
import type { ScreenLiveResult } from '../live/useScreenLive';
import { ScreenMap } from '../map/ScreenMap';
import { ActivityPanel } from '../panels/ActivityPanel';
import { AlertsPanel } from '../panels/AlertsPanel';
import { CountsPanel } from '../panels/CountsPanel';
import { SosPanel } from '../panels/SosPanel';
import { rootUnitStyle, u } from '../panels/units';
import { NS } from '../strings';
import { useSelfUpdate } from '../update/selfUpdate';

/** The shell's main area pads its content by this much below. */
const SHELL_BOTTOM_PX = 24;
const SHELL_MIN_HEIGHT_PX = 480;

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    display: 'grid',
    gridTemplateRows: 'auto minmax(0, 1fr)',
    gap: u(0.6),
    padding: u(0.6),
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
  },
  standalone: { width: '100vw', height: '100vh' },
  body: { display: 'grid', gap: u(0.6), minHeight: 0, minWidth: 0 },
  column: { display: 'flex', flexDirection: 'column', gap: u(0.6), minHeight: 0, minWidth: 0, overflow: 'hidden' },
  map: { minHeight: 0, minWidth: 0, borderRadius: u(0.5), overflow: 'hidden', boxShadow: tokens.shadow4 },
  failure: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', fontSize: u(1.2) },
});

/** The height the screen may take in the shell: down to the window's bottom, never scrolling. */
function useShellHeight(element: HTMLElement | null, standalone: boolean): number | undefined {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (standalone || !element) return;
    const measure = () => setHeight(Math.max(SHELL_MIN_HEIGHT_PX, Math.floor(window.innerHeight - element.getBoundingClientRect().top - SHELL_BOTTOM_PX)));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [element, standalone]);
  return height;
}

function panelOf(panel: ScreenPanel, live: ScreenLiveResult, serverNow: number): ReactNode {
  switch (panel) {
    case 'counts':
      return <CountsPanel key={panel} counts={live.counts} />;
    case 'sos':
      return <SosPanel key={panel} sos={live.sos} now={serverNow} />;
    case 'activity':
      return <ActivityPanel key={panel} floors={live.floors} ended={live.ended} now={serverNow} />;
    case 'alerts':
      return <AlertsPanel key={panel} alerts={live.alerts} />;
  }
}

/**
 * The large screen (ADR 026): header (organisation, link state, clock), the map between a left
 * and a right column of panels. Sizes in screen units of the viewport width, so the page never
 * scrolls at 1920x1080 or 3840x2160. The same page in the shell and on a paired wall display.
 */
export function ScreenPage() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { bus, standalone, selfUpdate } = useScreen();
  const live = useScreenLive();
  const { layout, display, ent, known, setOwnLayout } = useScreenLayout();
  const now = useNow();
  const serverNow = now + live.skew;
  const lostSince = useLostSince(bus);
  const mayManage = useCan('screen.displays');
  const [dialog, setDialog] = useState<'panels' | 'displays' | null>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const shellHeight = useShellHeight(root, standalone);
  useSelfUpdate(selfUpdate, standalone && display !== null);

  const sosUids = useMemo(() => new Set(live.sos.map((s) => s.uid)), [live.sos]);
  const left = layout.left;
  const right = layout.right;
  const columns = [left.length > 0 ? u(28) : null, layout.map ? 'minmax(0, 1fr)' : null, right.length > 0 ? u(28) : null].filter((c): c is string => c !== null);
  // Without the map the columns share the width.
  const template = layout.map ? columns.join(' ') : columns.map(() => 'minmax(0, 1fr)').join(' ');

  // A display is not touched: no buttons on it. A console user lays out their own screen.
  const actions =
    known && display === null ? (
      <>
        <Button onClick={() => setDialog('panels')}>{t('panels.button')}</Button>
        {mayManage && <Button onClick={() => setDialog('displays')}>{t('displays.button')}</Button>}
      </>
    ) : null;

  return (
    <div
      ref={setRoot}
      className={`${styles.root} ${standalone ? styles.standalone : ''}`}
      style={{ ...rootUnitStyle, height: standalone ? undefined : shellHeight }}
      data-testid="screen-page"
      data-mode={display ? 'display' : 'console'}
    >
      <ScreenHeader org={ent?.name ?? live.ent?.name ?? null} lostSince={lostSince} now={now} serverNow={serverNow} actions={actions} />
      <div className={styles.body} style={{ gridTemplateColumns: template }}>
        {left.length > 0 && <div className={styles.column}>{left.map((p) => panelOf(p, live, serverNow))}</div>}
        {layout.map && (
          <div className={styles.map}>
            <ScreenMap sosUids={sosUids} />
          </div>
        )}
        {right.length > 0 && <div className={styles.column}>{right.map((p) => panelOf(p, live, serverNow))}</div>}
      </div>
      {live.error !== undefined && !live.loaded && (
        <div className={styles.failure} role="alert">
          {t('loadFailed')}
          <Button onClick={live.retry}>{t('retry')}</Button>
        </div>
      )}
      {dialog === 'panels' && <PanelsDialog layout={layout} onSave={(next) => Promise.resolve(setOwnLayout(next))} onClose={() => setDialog(null)} />}
      {dialog === 'displays' && <DisplaysDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
