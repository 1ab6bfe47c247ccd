import { checkNewKeyword, LIMITS, sameKeyword } from '@portal/validators';

/** The search box's tags and the text being typed (spec §4 search tags). */
export interface TagInputState {
  tags: string[];
  input: string;
}

export interface TagEdit extends TagInputState {
  /** The message to show when the change was refused (at most 10, no duplicates, input ≤ 128). */
  error?: string;
}

/** Turns `text` into a new tag; refused with the spec's message when it breaks a keyword rule. */
export function addTag(state: TagInputState, text: string): TagEdit {
  const keyword = text.trim();
  if (!keyword) return { ...state };
  const error = checkNewKeyword(state.tags, keyword);
  if (error) return { ...state, error };
  return { tags: [...state.tags, keyword], input: '' };
}

/** A tag's close button removes it. */
export function removeTag(state: TagInputState, index: number): TagInputState {
  return { tags: state.tags.filter((_, i) => i !== index), input: state.input };
}

/**
 * Clicking a tag turns it back into editable text. Text already typed is kept as a tag first (when it
 * is a valid new keyword), so nothing the user wrote disappears.
 */
export function editTag(state: TagInputState, index: number): TagInputState {
  const tag = state.tags[index];
  if (tag === undefined) return state;
  const rest = state.tags.filter((_, i) => i !== index);
  const pending = state.input.trim();
  const tags = pending && !checkNewKeyword(rest, pending) ? [...rest, pending] : rest;
  return { tags, input: tag };
}

/** Backspace in an empty input turns the last tag back into text without its final character. */
export function backspaceOnEmpty(state: TagInputState): TagInputState {
  if (state.input !== '' || state.tags.length === 0) return state;
  const last = state.tags[state.tags.length - 1];
  return { tags: state.tags.slice(0, -1), input: Array.from(last).slice(0, -1).join('') };
}

/**
 * The tags of a search URL's `keyWords` (a list joined by a pipe), deduped by the same rule as typed
 * tags (case and unit normalisation: `10uF|10μF` is one tag).
 */
export function tagsFromQuery(keyWords: string | null): string[] {
  if (!keyWords) return [];
  const seen: string[] = [];
  for (const part of keyWords.split('|')) {
    const keyword = part.trim();
    if (keyword && !seen.some((tag) => sameKeyword(tag, keyword)) && seen.length < LIMITS.keywords) seen.push(keyword);
  }
  return seen;
}
