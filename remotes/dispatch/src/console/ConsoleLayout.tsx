import { useRef } from 'react';
import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';
import { TempRooms } from '../tempRoom';
import { CallLog } from '../calls';
import { ChannelList } from './ChannelList';
import { CommandBar } from '../commands';
import { MemberList } from './MemberList';
import { PttArea } from './PttArea';
import { PttRecent } from '../ptt';
import { ChatSlot, MapSlot } from './slots';
import { useFillHeight } from './useFillHeight';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minHeight: 0, overflow: 'hidden' },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  title: { margin: 0 },
  group: { flexGrow: 1, minHeight: 0, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusLarge },
  pane: { height: '100%', overflow: 'hidden', backgroundColor: tokens.colorNeutralBackground1 },
  controls: {
    height: '100%',
    overflowY: 'auto',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    display: 'grid',
    alignContent: 'start',
    gap: tokens.spacingVerticalM,
  },
  separator: {
    // The library lays separators out at zero size; a 4 px bar shows where to drag.
    '&[aria-orientation="vertical"]': { minWidth: '4px' },
    '&[aria-orientation="horizontal"]': { minHeight: '4px' },
    backgroundColor: tokens.colorNeutralStroke2,
    ':hover': { backgroundColor: tokens.colorBrandStroke1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, backgroundColor: tokens.colorBrandStroke1 },
  },
});

/** Pane sizes are kept per browser under these ids (react-resizable-panels' localStorage keys). */
export const LAYOUT_IDS = { main: 'dispatch-main', side: 'dispatch-side', centre: 'dispatch-centre' } as const;

function useSavedLayout(id: string) {
  return useDefaultLayout({ id, storage: localStorage, onlySaveAfterUserInteractions: true });
}

/**
 * The console: channels above members on the left, the map over the PTT and command area in the
 * centre, the chat on the right. Every divider is draggable and keyboard operable (arrow keys).
 */
export function ConsoleLayout() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  const height = useFillHeight(ref);
  const main = useSavedLayout(LAYOUT_IDS.main);
  const side = useSavedLayout(LAYOUT_IDS.side);
  const centre = useSavedLayout(LAYOUT_IDS.centre);

  return (
    <div ref={ref} className={styles.page} style={height === null ? undefined : { height }} data-testid="dispatch-console">
      <div className={styles.top}>
        <Subtitle1 as="h1" block className={styles.title}>
          {t('title')}
        </Subtitle1>
        <CallLog />
      </div>
      <Group orientation="horizontal" id={LAYOUT_IDS.main} className={styles.group} defaultLayout={main.defaultLayout} onLayoutChanged={main.onLayoutChanged}>
        <Panel id="dispatch-pane-side" defaultSize="22%" minSize="200px" className={styles.pane}>
          <Group orientation="vertical" id={LAYOUT_IDS.side} defaultLayout={side.defaultLayout} onLayoutChanged={side.onLayoutChanged}>
            <Panel id="dispatch-pane-channels" defaultSize="40%" minSize="90px" className={styles.pane}>
              <ChannelList />
            </Panel>
            <Separator className={styles.separator} aria-label={t('console.layout.resizeChannels')} />
            <Panel id="dispatch-pane-members" minSize="140px" className={styles.pane}>
              <MemberList />
            </Panel>
          </Group>
        </Panel>
        <Separator className={styles.separator} aria-label={t('console.layout.resizeLeft')} />
        <Panel id="dispatch-pane-centre" minSize="320px" className={styles.pane}>
          <Group orientation="vertical" id={LAYOUT_IDS.centre} defaultLayout={centre.defaultLayout} onLayoutChanged={centre.onLayoutChanged}>
            <Panel id="dispatch-pane-map" defaultSize="60%" minSize="150px" className={styles.pane}>
              <MapSlot />
            </Panel>
            <Separator className={styles.separator} aria-label={t('console.layout.resizeControls')} />
            <Panel id="dispatch-pane-controls" minSize="90px" className={styles.pane}>
              <div className={styles.controls}>
                <PttArea />
                <TempRooms />
                {/* Commands before the growing lists, so the selected member's stay in view (issue 15). */}
                <CommandBar />
                <PttRecent />
              </div>
            </Panel>
          </Group>
        </Panel>
        <Separator className={styles.separator} aria-label={t('console.layout.resizeRight')} />
        <Panel id="dispatch-pane-chat" defaultSize="28%" minSize="260px" className={styles.pane}>
          <ChatSlot />
        </Panel>
      </Group>
    </div>
  );
}
