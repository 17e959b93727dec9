import { useCallback, useEffect, useRef } from 'react';
import { Body1, Button, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@ptt/event-bus';
import { addRemoteStrings, socketUrlFor, useBusState } from '@ptt/ui';
import { useServices } from '../app/services';
import { micErrorKey, playTestTone } from '../settings/audio';
import { CheckCard } from './CheckCard';
import { PttBreakdown } from './PttBreakdown';
import { MicCheck, type MicCheckHandle } from './MicCheck';
import { measureClock } from '../app/clockCheck';
import { SocketCheckError, fetchJanus, judgeDroppedFrames, judgeJanus, judgePtt, judgeRoundTrip, judgeSkew, socketRoundTrip, type CheckResult } from './checks';
import { NS, en, zh } from './strings';
import { useCheck } from './useCheck';

addRemoteStrings(NS, en, zh);

const useStyles = makeStyles({
  page: { display: 'grid', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  grid: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(380px, 1fr))' },
});

const failedWith = (e: unknown): CheckResult =>
  e instanceof SocketCheckError
    ? { state: 'failed', key: e.key, values: e.values }
    : { state: 'failed', key: `common:${isApiError(e) ? e.i18nKey : 'serverCode.500'}` };

/** /main/test: connection, clock, media server and audio checks, each with its own Run again. */
export function DiagnosticsPage() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { api, bus, bridge, sessionStore } = useServices();
  const settings = useBusState(bus, 'settings');
  const pttStats = useBusState(bus, 'ptt/stats');

  const socket = useCheck(
    useCallback(async () => {
      try {
        const { ms, count } = await socketRoundTrip(socketUrlFor(window.location), sessionStore.token() ?? '');
        return judgeRoundTrip('socket', ms, { count });
      } catch (e) {
        return failedWith(e);
      }
    }, [sessionStore]),
  );
  // The REST round trip and the clock come from one request; the clock card shows its second half.
  const clockResult = useRef<CheckResult>({ state: 'idle' });
  const rest = useCheck(
    useCallback(async () => {
      try {
        const { rttMs, skewMs } = await measureClock(api);
        clockResult.current = judgeSkew(skewMs);
        return judgeRoundTrip('rest', rttMs);
      } catch (e) {
        clockResult.current = failedWith(e);
        return failedWith(e);
      }
    }, [api]),
  );
  const janus = useCheck(
    useCallback(async () => {
      try {
        return judgeJanus(await fetchJanus(api));
      } catch (e) {
        return failedWith(e);
      }
    }, [api]),
  );
  const speakerId = settings?.speakerId;
  const speaker = useCheck(
    useCallback(async () => {
      try {
        await playTestTone(speakerId);
        return { state: 'ok', key: 'speaker.detail', values: { device: t('speaker.defaultDevice') } } satisfies CheckResult;
      } catch (e) {
        return { state: 'failed', key: `common:${micErrorKey(e)}` } satisfies CheckResult;
      }
    }, [speakerId, t]),
  );
  const frames = useCheck(useCallback(() => Promise.resolve(judgeDroppedFrames(bridge.droppedFrames())), [bridge]));
  const mic = useRef<MicCheckHandle | null>(null);

  const { run: runSocket } = socket;
  const { run: runRest } = rest;
  const { run: runJanus } = janus;
  const { run: runFrames } = frames;
  const runNetwork = useCallback(() => {
    runSocket();
    runRest();
    runJanus();
    runFrames();
  }, [runSocket, runRest, runJanus, runFrames]);

  // Network checks need no permission: they run when the page opens. Audio waits for a click
  // (a microphone prompt or a tone out of nowhere would surprise the user).
  useEffect(runNetwork, [runNetwork]);

  const clock: CheckResult = rest.result.state === 'running' || rest.result.state === 'idle' ? rest.result : clockResult.current;

  return (
    <section className={styles.page} data-testid="diagnostics-page">
      <Title1 as="h1" block>{t('common:page.test')}</Title1>
      <Body1>{t('intro')}</Body1>
      <div>
        <Button
          appearance="primary"
          onClick={() => {
            runNetwork();
            mic.current?.run();
            speaker.run();
          }}
        >
          {t('runAll')}
        </Button>
      </div>
      <div className={styles.grid}>
        <CheckCard id="socket" name={t('socket.name')} result={socket.result} onRun={socket.run} />
        <CheckCard id="rest" name={t('rest.name')} result={rest.result} onRun={rest.run} />
        <CheckCard id="clock" name={t('clock.name')} result={clock} onRun={rest.run} />
        <CheckCard id="janus" name={t('janus.name')} result={janus.result} onRun={janus.run} />
        <CheckCard id="ptt" name={t('ptt.name')} result={judgePtt(pttStats)}>
          <PttBreakdown stats={pttStats} />
        </CheckCard>
        <CheckCard id="frames" name={t('frames.name')} result={frames.result} onRun={frames.run} />
        <MicCheck deviceId={settings?.microphoneId} runRef={mic} />
        <CheckCard id="speaker" name={t('speaker.name')} result={speaker.result} onRun={speaker.run} />
      </div>
    </section>
  );
}
