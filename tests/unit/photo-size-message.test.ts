import { describe, expect, it } from 'vitest';
import { GUIDE_PHOTO_MAX_BYTES, GUIDE_PHOTO_MESSAGES, photoSizeMessage } from '#lib/schemas/guides.ts';

const MB = 1024 * 1024;

// Issue 41, item 20: the refusal of an oversized photo says what to do, and the photo's size when it is known.
describe('photoSizeMessage', () => {
  it('says the size of a 14.2 MB photo and what to do about it', () => {
    expect(photoSizeMessage(14.15 * MB)).toBe(
      'This photo is 14.2 MB. Choose one under 5 MB, or save a smaller copy as a JPEG (most photo apps can)',
    );
  });

  it('rounds up, so a photo a byte over the limit never reads as 5.0 MB', () => {
    expect(photoSizeMessage(GUIDE_PHOTO_MAX_BYTES + 1)).toMatch(/^This photo is 5\.1 MB\. Choose one under 5 MB/);
  });

  it('says what to do without a size when the size is not known (the server stops reading at the limit)', () => {
    expect(photoSizeMessage()).toBe(GUIDE_PHOTO_MESSAGES.size);
    expect(GUIDE_PHOTO_MESSAGES.size).toBe(
      'The photo is larger than 5 MB. Choose one under 5 MB, or save a smaller copy as a JPEG (most photo apps can)',
    );
  });
});
