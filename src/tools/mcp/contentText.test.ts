import { describe, expect, it } from 'vitest';
import { textOfResourceContents, textOfToolContent } from './contentText';

describe('textOfToolContent', () => {
  it('joins text parts and describes the others in one line each', () => {
    expect(
      textOfToolContent([
        { type: 'text', text: 'first' },
        { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'demo://a', text: 'inside' } },
        { type: 'resource_link', uri: 'demo://b', name: 'b', mimeType: 'text/plain' },
        { type: 'text', text: 'last' },
      ]),
    ).toBe('first\n[image: image/png, 5 bytes]\n[audio: audio/wav, 3 bytes]\n[resource: demo://a]\ninside\n[resource link: demo://b (b), text/plain]\nlast');
  });
});

describe('textOfResourceContents', () => {
  it('gives text contents under their URI and describes binary ones', () => {
    expect(textOfResourceContents([{ uri: 'x://t', text: 'hello' }, { uri: 'x://b', blob: 'aGk=', mimeType: 'application/pdf' }])).toBe(
      '[resource: x://t]\nhello\n\n[resource: x://b, application/pdf, 2 bytes]',
    );
  });
});
