import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
// Through the frame's index, which brings the frame's strings.
import { ProductPicture } from '../src/shared/analysis/index.js';
import { initI18n } from '../src/shared/i18n/index.js';

describe('ProductPicture', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('loads the picture lazily, and shows the placeholder instead of a broken image when it fails', () => {
    const { rerender } = render(<ProductPicture src="/api/common/pictures/a1" alt="Serum" size={40} />);
    const img = screen.getByAltText('Serum');
    expect(img.getAttribute('src')).toBe('/api/common/pictures/a1');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByRole('img', { name: 'No picture' })).toBeNull();
    fireEvent.error(img);
    expect(screen.queryByAltText('Serum')).toBeNull();
    expect(screen.getByRole('img', { name: 'No picture' })).toBeTruthy();
    // Another picture in the same place (a table page turned) is tried again.
    rerender(<ProductPicture src="/api/common/pictures/b2" alt="Serum" size={40} />);
    expect(screen.getByAltText('Serum').getAttribute('src')).toBe('/api/common/pictures/b2');
  });

  it('shows the placeholder for a product without a picture', () => {
    render(<ProductPicture src={null} alt="Serum" size="100%" />);
    expect(screen.queryByAltText('Serum')).toBeNull();
    expect(screen.getByRole('img', { name: 'No picture' })).toBeTruthy();
  });
});
