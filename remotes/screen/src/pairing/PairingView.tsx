import { useEffect, useRef, useState } from 'react';
import { Button, Link, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PAIRING_POLL_MS, ServerCode, pairingClaimSchema, pairingStartSchema } from '@ptt/contracts';
import type { PairingStart } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import type { StandaloneSignInProps } from '@ptt/ui';
import { addRemoteStrings } from '@ptt/ui';
import { formatClock } from '../core/format';
import { rootUnitStyle, u } from '../panels/units';
import { NS, en, zh } from '../strings';

addRemoteStrings(NS, en, zh);

export const PAIRINGS_PATH = '/api/screen/pairings';
export const CLAIM_PATH = '/api/screen/pairings/claim';
/** After a failed request for a code (server down): try again this soon. */
export const RETRY_MS = 10_000;
/** After 'too many displays waiting' (429 pairingBusy). */
export const BUSY_RETRY_MS = 60_000;

type State =
  | { kind: 'starting' }
  | { kind: 'waiting'; pairing: PairingStart }
  | { kind: 'expired' }
  | { kind: 'failed'; busy: boolean }
  | { kind: 'paired' }
  | { kind: 'account' };

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    height: '100vh',
    width: '100vw',
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
  },
  card: { display: 'grid', justifyItems: 'center', gap: u(1.2), textAlign: 'center', maxWidth: u(80), padding: u(2) },
  title: { margin: 0, fontSize: u(2.6), fontWeight: 700 },
  code: { fontSize: u(10), lineHeight: 1, fontWeight: 700, letterSpacing: u(0.8), fontVariantNumeric: 'tabular-nums', fontFamily: tokens.fontFamilyMonospace, margin: 0 },
  text: { fontSize: u(1.8), margin: 0 },
  small: { fontSize: u(1.3), margin: 0, color: tokens.colorNeutralForeground2 },
  link: { fontSize: u(1.1) },
});

export interface PairingViewProps extends StandaloneSignInProps {
  /** Tests: faster polling and retries. */
  pollMs?: number;
  retryMs?: number;
  busyRetryMs?: number;
}

/**
 * What a wall display without a credential shows (ADR 026): a six-digit code in large type and
 * how to pair it; it asks every PAIRING_POLL_MS whether an admin paired it. Paired, it keeps the
 * display session (kind 'display') and opens the screen. An expired code is replaced by a new one
 * without anyone touching the wall.
 */
export function PairingView({ api, onSignedIn, loginForm, pollMs = PAIRING_POLL_MS, retryMs = RETRY_MS, busyRetryMs = BUSY_RETRY_MS }: PairingViewProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'pairing' });
  const styles = useStyles();
  const [state, setState] = useState<State>({ kind: 'starting' });
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  // Ask for a code.
  useEffect(() => {
    if (state.kind !== 'starting') return;
    let live = true;
    api.post(PAIRINGS_PATH, {}, { schema: pairingStartSchema }).then(
      (pairing) => live && setState({ kind: 'waiting', pairing }),
      (e: unknown) => live && setState({ kind: 'failed', busy: isApiError(e) && (e.i18nKey === 'rule.pairingBusy' || e.httpStatus === 429) }),
    );
    return () => {
      live = false;
    };
  }, [api, state]);

  // No code: try again after a while.
  useEffect(() => {
    if (state.kind !== 'failed') return;
    const timer = setTimeout(() => setState({ kind: 'starting' }), state.busy ? busyRetryMs : retryMs);
    return () => clearTimeout(timer);
  }, [state, retryMs, busyRetryMs]);

  // An expired code: a new one (the wall is not touched by anyone).
  useEffect(() => {
    if (state.kind !== 'expired') return;
    const timer = setTimeout(() => setState({ kind: 'starting' }), pollMs);
    return () => clearTimeout(timer);
  }, [state, pollMs]);

  // Waiting: ask whether an admin paired the code.
  const secret = state.kind === 'waiting' ? state.pairing.secret : null;
  useEffect(() => {
    if (secret === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const claim = () => {
      api.post(CLAIM_PATH, { secret }, { schema: pairingClaimSchema }).then(
        (answer) => {
          if (!live) return;
          if (answer.status === 'paired') {
            setState({ kind: 'paired' });
            signedIn.current(answer.session);
            return;
          }
          if (answer.status === 'expired') {
            setState({ kind: 'expired' });
            return;
          }
          timer = setTimeout(claim, pollMs);
        },
        (e: unknown) => {
          if (!live) return;
          // A malformed secret (2004) will never pair: start over; anything else (network, 5xx) asks again.
          if (isApiError(e) && e.code === ServerCode.ParameterError) setState({ kind: 'expired' });
          else timer = setTimeout(claim, pollMs);
        },
      );
    };
    timer = setTimeout(claim, pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, secret, pollMs]);

  if (state.kind === 'account') {
    return (
      <main className={styles.root} style={rootUnitStyle}>
        <div className={styles.card}>
          {loginForm}
          <Link className={styles.link} onClick={() => setState({ kind: 'starting' })}>
            {t('backToPairing')}
          </Link>
        </div>
      </main>
    );
  }

  const expiresAt = state.kind === 'waiting' ? Date.parse(state.pairing.expiresAt) : NaN;
  return (
    <main className={styles.root} style={rootUnitStyle} data-testid="screen-pairing">
      <div className={styles.card}>
        <h1 className={styles.title}>{t('title')}</h1>
        {state.kind === 'waiting' && (
          <>
            <p className={styles.code} data-testid="screen-pairing-code" aria-label={t('code')}>
              {state.pairing.code}
            </p>
            <p className={styles.text}>{t('instructions')}</p>
            {!Number.isNaN(expiresAt) && <p className={styles.small}>{t('expires', { time: formatClock(expiresAt, i18n.language, false) })}</p>}
          </>
        )}
        {state.kind === 'starting' && <Spinner size="huge" label={t('starting')} />}
        {state.kind === 'expired' && (
          <>
            <p className={styles.text}>{t('expired')}</p>
            <Button appearance="primary" size="large" onClick={() => setState({ kind: 'starting' })}>
              {t('newCode')}
            </Button>
          </>
        )}
        {state.kind === 'failed' && (
          <p className={styles.text} role="alert">
            {state.busy ? t('busy') : t('failed')}
          </p>
        )}
        {state.kind === 'paired' && <p className={styles.text}>{t('paired')}</p>}
        {state.kind !== 'paired' && (
          <Link className={styles.link} onClick={() => setState({ kind: 'account' })}>
            {t('account')}
          </Link>
        )}
      </div>
    </main>
  );
}
