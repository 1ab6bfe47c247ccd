import { useMutation } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { ChatRecommendation } from '../types';

/** The spec's limit of a chat sentence (mat_cae::chat::MAX_CHARS). */
export const CHAT_MAX_CHARS = 500;

/**
 * Parses a sentence into constraints and recommends for it. `/mat/chat-recommend` is the spec's path on
 * the algorithm tool host (@portal/http sends it to `algorithmHost`; the embedded portal answers it).
 */
export function postChatRecommend(text: string, signal?: AbortSignal): Promise<ChatRecommendation> {
  return request<ChatRecommendation>({ url: '/mat/chat-recommend', method: 'POST', data: { text }, signal });
}

export function useChatRecommend() {
  return useMutation({ mutationKey: ['mat', 'chat-recommend'], mutationFn: (text: string) => postChatRecommend(text) });
}
