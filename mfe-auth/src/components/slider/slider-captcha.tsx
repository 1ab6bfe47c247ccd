import { useCallback, useEffect, useImperativeHandle, useRef, useState, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import { CheckOutlined, DoubleRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ruleFrom, validateSlider, type FormRules } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../i18n';
import { createSliderChallenge, verifySlider, type SliderChallenge, type SliderScene, type TrackPoint } from '../../features/auth/api/captcha';

/** Spec §2/§9: 320 px wide (330 on login), handle 60 px, height 40 px. */
export const SLIDER_WIDTH = 320;
export const SLIDER_LOGIN_WIDTH = 330;
export const SLIDER_HANDLE = 60;
export const SLIDER_HEIGHT = 40;

export type SliderStatus = 'idle' | 'dragging' | 'verifying' | 'success';

/** How long a prefetched challenge is used before its lifetime is known, and the safety margin after. */
const PREFETCH_FALLBACK_MS = 30_000;
const PREFETCH_MARGIN_MS = 10_000;

interface PrefetchedChallenge {
  promise: Promise<SliderChallenge>;
  /** Epoch ms after which a new challenge is asked for at pointer-down. */
  usableUntil: number;
}

export interface SliderCaptchaHandle {
  /** Back to idle; a new challenge is fetched for the next drag. */
  reset(): void;
}

export interface SliderCaptchaProps {
  /** What the ticket is for (the server refuses a ticket of another scene); none = any. */
  scene?: SliderScene;
  width?: number;
  /** Text on the idle track (spec §3 slider props `tips`). */
  tips?: string;
  /** Text once passed (`successTips`). */
  successTips?: string;
  /** The server's ticket once passed, undefined otherwise (antd Form.Item value). */
  value?: string;
  onChange?: (ticket: string | undefined) => void;
  /** Called with the server's message when a verification fails. */
  onFail?: (message: string) => void;
  disabled?: boolean;
  ref?: Ref<SliderCaptchaHandle>;
  'data-testid'?: string;
}

/**
 * The slider check: drag the handle to the right end; the recorded track goes to the server, whose
 * single-use ticket becomes the value. An early drop or a refused track resets the handle.
 */
export function SliderCaptcha({
  scene,
  width = SLIDER_WIDTH,
  tips,
  successTips,
  value,
  onChange,
  onFail,
  disabled,
  ref,
  'data-testid': testId = 'slider',
}: SliderCaptchaProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [status, setStatus] = useState<SliderStatus>(value ? 'success' : 'idle');
  const [offset, setOffset] = useState(value ? width - SLIDER_HANDLE : 0);
  const [failure, setFailure] = useState<string>();
  const maxOffset = width - SLIDER_HANDLE;
  const drag = useRef<{ startX: number; startY: number; startT: number; points: TrackPoint[]; challenge: Promise<SliderChallenge> } | null>(null);
  // The challenge is fetched while the slider is idle, before the drag: the server bounds the drag
  // by the time since it issued the challenge, so one asked for at pointer-down on a slow network
  // would arrive after the drag and make a real hand look like a script.
  const prefetched = useRef<PrefetchedChallenge | null>(null);
  // Every reset bumps the generation, so a verification answering after a reset is ignored.
  const generation = useRef(0);

  const reset = useCallback(() => {
    generation.current += 1;
    drag.current = null;
    setStatus('idle');
    setOffset(0);
    setFailure(undefined);
  }, []);

  useImperativeHandle(ref, () => ({ reset }), [reset]);

  useEffect(() => {
    if (status !== 'idle' || disabled || prefetched.current) return;
    const requestedAt = Date.now();
    const entry: PrefetchedChallenge = { promise: createSliderChallenge(scene), usableUntil: requestedAt + PREFETCH_FALLBACK_MS };
    entry.promise.then(
      (challenge) => {
        entry.usableUntil = requestedAt + challenge.expiresIn * 1000 - PREFETCH_MARGIN_MS;
      },
      () => {
        // Asked again at pointer-down.
        if (prefetched.current === entry) prefetched.current = null;
      },
    );
    prefetched.current = entry;
  }, [status, disabled, scene]);

  /** The prefetched challenge while it is still valid, else a fresh one. Each is used once. */
  const takeChallenge = (): Promise<SliderChallenge> => {
    const entry = prefetched.current;
    prefetched.current = null;
    return entry && Date.now() < entry.usableUntil ? entry.promise : createSliderChallenge(scene);
  };

  // A form reset (the value going from a ticket back to undefined) resets the handle too.
  const previousValue = useRef(value);
  useEffect(() => {
    if (previousValue.current && !value) reset();
    previousValue.current = value;
  }, [value, reset]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled || status === 'success' || status === 'verifying') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const challenge = takeChallenge();
    // Handled at drop time; never an unhandled rejection if the user lets go early.
    challenge.catch(() => undefined);
    drag.current = { startX: event.clientX, startY: event.clientY, startT: performance.now(), points: [{ x: 0, y: 0, t: 0 }], challenge };
    setFailure(undefined);
    setStatus('dragging');
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || status !== 'dragging') return;
    // A busy page gets one pointermove per frame with the others coalesced into it: record them
    // all, or a drag on a slow machine looks like a jump across the track.
    const native = event.nativeEvent;
    const coalesced = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const samples =
      coalesced.length > 0
        ? coalesced.map((sample) => ({ x: sample.clientX, y: sample.clientY, t: sample.timeStamp }))
        : [{ x: event.clientX, y: event.clientY, t: performance.now() }];
    let x = 0;
    for (const sample of samples) {
      x = Math.min(Math.max(sample.x - current.startX, 0), maxOffset);
      const previous = current.points[current.points.length - 1];
      const t = Math.max(Math.round(sample.t - current.startT), previous?.t ?? 0);
      current.points.push({ x: Math.round(x), y: Math.round(sample.y - current.startY), t });
    }
    setOffset(x);
  };

  const onPointerUp = async (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || status !== 'dragging') return;
    drag.current = null;
    const x = Math.min(Math.max(event.clientX - current.startX, 0), maxOffset);
    if (x < maxOffset) {
      reset();
      return;
    }
    current.points.push({ x: Math.round(x), y: Math.round(event.clientY - current.startY), t: Math.round(performance.now() - current.startT) });
    setOffset(maxOffset);
    setStatus('verifying');
    const mine = generation.current;
    try {
      const challenge = await current.challenge;
      // The server checks that x reached trackWidth − its handle width. Our handle is the spec's 60 px
      // whatever the server's is, so we report the track that gives our travel under its handle.
      const trackWidth = maxOffset + challenge.handleWidth;
      const { ticket } = await verifySlider({ challengeId: challenge.challengeId, trackWidth, track: current.points });
      if (mine !== generation.current) return;
      setStatus('success');
      onChange?.(ticket);
    } catch (error) {
      if (mine !== generation.current) return;
      const message = error instanceof Error && error.message ? error.message : t('slider.failed');
      reset();
      setFailure(message);
      onChange?.(undefined);
      onFail?.(message);
    }
  };

  const label =
    status === 'success' ? (successTips ?? t('slider.success')) : status === 'verifying' ? t('slider.verifying') : (failure ?? tips ?? t('slider.tips'));

  return (
    <div
      className={`auth-slider auth-slider-${status}${failure ? ' auth-slider-failed' : ''}${disabled ? ' auth-slider-disabled' : ''}`}
      style={{ width, height: SLIDER_HEIGHT }}
      data-testid={testId}
      data-status={status}
      role="slider"
      aria-valuemin={0}
      aria-valuemax={maxOffset}
      aria-valuenow={Math.round(offset)}
      aria-label={t('slider.aria')}
    >
      <div className="auth-slider-fill" style={{ width: offset + SLIDER_HANDLE / 2 }} />
      <span className="auth-slider-text">{label}</span>
      <div
        className="auth-slider-handle"
        style={{ width: SLIDER_HANDLE, height: SLIDER_HEIGHT, transform: `translateX(${offset}px)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => status === 'dragging' && reset()}
        data-testid={`${testId}-handle`}
      >
        {status === 'success' ? <CheckOutlined /> : status === 'verifying' ? <LoadingOutlined /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}

/** Form rules for a slider field whose value is the ticket: passed means a ticket is there (spec §5). */
export const sliderRules = (): FormRules => [ruleFrom((ticket) => validateSlider(typeof ticket === 'string' && ticket !== ''))];
