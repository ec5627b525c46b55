import { describe, expect, it } from 'vitest';
import { text } from './common';

describe('text', () => {
  const name = text({ label: 'Name', max: 5, required: true });
  const note = text({ label: 'Note', max: 20, multiline: true });

  it('trims and accepts ordinary text', () => {
    expect(name.parse('  Ada ')).toBe('Ada');
    expect(note.parse('one\n\ttwo')).toBe('one\n\ttwo');
  });

  it.each(['A\u0000', 'A\u0007b', 'A\u001b[', 'A\u007f', 'A\u0085'])('refuses the control character in %j', (value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('Name must not contain control characters');
  });

  it('refuses line breaks unless the text may span lines, and NUL always', () => {
    expect(name.safeParse('a\nb').success).toBe(false);
    expect(note.safeParse('a\u0000b').success).toBe(false);
  });

  it('caps the length and requires a value when asked, with the field in the message', () => {
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('Name must be at most 5 characters');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
    expect(text({ label: 'Code', max: 5 }).safeParse('').success).toBe(true);
  });
});
