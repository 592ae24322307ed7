import { describe, expect, it } from 'vitest';
import { SUBMISSION_ID } from '../../core/forms/lead-contract.ts';
import { newSubmissionId, SubmissionIds } from './submission-id.ts';

// the server's own pattern
const ACCEPTED = new RegExp(SUBMISSION_ID);

describe('newSubmissionId', () => {
  it('uses randomUUID where the browser has it', () => {
    expect(newSubmissionId({ randomUUID: () => '123e4567-e89b-42d3-a456-426614174000' })).toBe('123e4567-e89b-42d3-a456-426614174000');
    expect(newSubmissionId()).toMatch(ACCEPTED);
  });

  it('falls back to getRandomValues, then to Math.random, always in the shape the server accepts', () => {
    const viaBytes = newSubmissionId({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => array });
    expect(viaBytes).toBe('0'.repeat(32));
    const ids = new Set(Array.from({ length: 50 }, () => newSubmissionId({})));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(ACCEPTED);
  });
});

describe('SubmissionIds', () => {
  it('keeps the id for a retry of the same content, and starts a new one for other content or after a success', () => {
    let n = 0;
    const ids = new SubmissionIds(() => `submission-${++n}`);
    expect(ids.for('a')).toBe('submission-1');
    expect(ids.for('a')).toBe('submission-1');
    expect(ids.for('b')).toBe('submission-2');
    ids.succeeded();
    expect(ids.for('b')).toBe('submission-3');
  });
});
