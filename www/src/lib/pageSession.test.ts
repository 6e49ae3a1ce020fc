/** @vitest-environment happy-dom */
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_BLOCK_ID, takeSessionFromPage } from './pageSession';

function writeBlock(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SESSION_BLOCK_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(SESSION_BLOCK_ID)?.remove());

describe('takeSessionFromPage', () => {
  it('reads the session the server wrote, and takes it out of the page', () => {
    writeBlock('{"user":"ada \\u003cb\\u003e","budgetAdmin":true,"csrf":"c0ffee","expiresAt":"2026-11-27T18:00:00Z"}');
    expect(takeSessionFromPage(document)).toEqual({ user: 'ada <b>', budgetAdmin: true, csrf: 'c0ffee', expiresAt: '2026-11-27T18:00:00Z' });
    expect(document.getElementById(SESSION_BLOCK_ID)).toBeNull();
    // Read once: a second look finds nothing (the planner then asks GET /session).
    expect(takeSessionFromPage(document)).toBeNull();
  });

  it('is null for a page without one', () => {
    expect(takeSessionFromPage(document)).toBeNull();
  });

  it('is null for a block that is not a session, which is taken out all the same', () => {
    for (const text of [
      '',
      'not json',
      'null',
      '[]',
      '{"user":"ada"}',
      '{"user":"ada","budgetAdmin":"yes","csrf":"c","expiresAt":"x"}',
      '{"user":null,"budgetAdmin":true,"csrf":"c","expiresAt":"x"}',
    ]) {
      writeBlock(text);
      expect(takeSessionFromPage(document), text).toBeNull();
      expect(document.getElementById(SESSION_BLOCK_ID), text).toBeNull();
    }
  });
});
