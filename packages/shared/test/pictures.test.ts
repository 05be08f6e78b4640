import { hasPictureExtension, PICTURE_TYPES, pictureFileName } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

describe('pictureFileName (docs/data-format.md §10)', () => {
  it.each([
    ['a81f03c2.jpg', { id: 'a81f03c2', ext: 'jpg' }],
    ['IMG_01-b.JPEG', { id: 'IMG_01-b', ext: 'jpeg' }],
    ['x.y.png', { id: 'x.y', ext: 'png' }],
    ['p.webp', { id: 'p', ext: 'webp' }],
    ['p.svg', { id: 'p', ext: 'svg' }],
    ['p.gif', { id: 'p', ext: 'gif' }],
  ])('%s → %o', (name, expected) => {
    expect(pictureFileName(name)).toEqual(expected);
  });

  it.each([
    '.png', // no id
    '.hidden.png', // starts with a dot
    'a b.png', // space
    'a.bmp', // not an accepted format
    'notes.txt',
    'noextension',
    '..',
    `${'a'.repeat(128)}.png`, // the full name is longer than an id may be
  ])('%s → null', (name) => {
    expect(pictureFileName(name)).toBeNull();
  });

  it('knows the content type of every accepted extension, and only those', () => {
    expect(Object.keys(PICTURE_TYPES).sort()).toEqual(['gif', 'jpeg', 'jpg', 'png', 'svg', 'webp']);
    expect(PICTURE_TYPES.svg).toBe('image/svg+xml');
    expect(hasPictureExtension('.Hidden.PNG')).toBe(true);
    expect(hasPictureExtension('a.txt')).toBe(false);
    expect(hasPictureExtension('constructor')).toBe(false);
  });
});
