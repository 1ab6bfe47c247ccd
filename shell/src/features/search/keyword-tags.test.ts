import { describe, expect, it } from 'vitest';
import { addTag, backspaceOnEmpty, editTag, removeTag, tagsFromQuery } from './keyword-tags';

describe('search tags (spec §4, §5)', () => {
  it('adds a tag and clears the input', () => {
    expect(addTag({ tags: ['a'], input: 'b' }, 'b')).toEqual({ tags: ['a', 'b'], input: '' });
  });

  it('refuses duplicates (ignoring case) and an eleventh tag', () => {
    expect(addTag({ tags: ['STM32'], input: 'stm32' }, 'stm32').error).toBe('关键字不能重复');
    const ten = Array.from({ length: 10 }, (_, i) => `k${i}`);
    const result = addTag({ tags: ten, input: 'k10' }, 'k10');
    expect(result.error).toBe('关键字最多10个');
    expect(result.tags).toHaveLength(10);
  });

  it('removes a tag by its close button', () => {
    expect(removeTag({ tags: ['a', 'b', 'c'], input: 'x' }, 1)).toEqual({ tags: ['a', 'c'], input: 'x' });
  });

  it('turns a clicked tag back into text, keeping typed text as a tag', () => {
    expect(editTag({ tags: ['a', 'b'], input: '' }, 0)).toEqual({ tags: ['b'], input: 'a' });
    expect(editTag({ tags: ['a', 'b'], input: 'c' }, 0)).toEqual({ tags: ['b', 'c'], input: 'a' });
  });

  it('backspace in an empty input turns the last tag into text without its final character', () => {
    expect(backspaceOnEmpty({ tags: ['10uF', '电阻'], input: '' })).toEqual({ tags: ['10uF'], input: '电' });
    expect(backspaceOnEmpty({ tags: ['a'], input: 'x' })).toEqual({ tags: ['a'], input: 'x' });
  });

  it('reads tags from keyWords', () => {
    expect(tagsFromQuery('a| b |A||c')).toEqual(['a', 'b', 'c']);
    // A hand-typed URL dedupes like typed tags: after unit normalisation, the first spelling kept.
    expect(tagsFromQuery('10uF|10μF|0.01mF|10000nF|0603')).toEqual(['10uF', '0603']);
    expect(tagsFromQuery(null)).toEqual([]);
  });
});
