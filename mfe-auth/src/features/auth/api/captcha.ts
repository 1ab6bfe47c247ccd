import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

/** Where the slider is used; the server may tune its checks per scene. */
export type SliderScene = 'sms' | 'email' | 'login';

export type SliderChallenge = SystemSchema<'Challenge'>;

/** One point of the drag: handle offset in px and milliseconds since the drag started. */
export type TrackPoint = SystemSchema<'TrackPoint'>;

export type SliderTicket = SystemSchema<'Ticket'>;

/** POST /base/system/captcha/slider/challenge — a fresh challenge for one drag. */
export function createSliderChallenge(scene?: SliderScene): Promise<SliderChallenge> {
  return http.post<SliderChallenge>('/base/system/captcha/slider/challenge', scene ? { scene } : {}, { silent: true });
}

/** POST /base/system/captcha/slider/verify — the recorded drag against the challenge; a single-use ticket. */
export function verifySlider(input: { challengeId: string; trackWidth: number; track: TrackPoint[] }): Promise<SliderTicket> {
  return http.post<SliderTicket>('/base/system/captcha/slider/verify', input, { silent: true });
}
