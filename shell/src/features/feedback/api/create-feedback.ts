import { useMutation } from '@tanstack/react-query';
import { http } from '@portal/http';

export interface FeedbackInput {
  type: 1 | 2 | 3 | 4;
  message: string;
  mobile?: string;
  email?: string;
  orgName?: string;
  userId?: number | string;
  /** Uploaded image file ids, sent comma-joined (spec §7). */
  images?: string[];
}

/** POST /operation/behavior/message/to/platform/create (spec §7). */
export function createFeedback(input: FeedbackInput): Promise<unknown> {
  const { images, ...rest } = input;
  return http.post('/operation/behavior/message/to/platform/create', { ...rest, images: (images ?? []).join(',') });
}

export function useCreateFeedback() {
  return useMutation({ mutationFn: createFeedback });
}
