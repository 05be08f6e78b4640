/**
 * What the shared components give assistive technology (docs/web.md "Accessibility"):
 * share bars named by their figure, every filter control named by its section, one h1 per screen.
 * The whole pages are checked with axe-core in the e2e tests (e2e/support/a11y.ts).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BarCell, FilterPanel } from '../src/shared/analysis/index.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { PageFrame } from '../src/shared/ui/PageFrame.js';
import { analysisUser, referenceHandlers, renderAt, server, setUpApiTests } from './support/analysis-harness.js';

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
  server.use(...referenceHandlers({ user: analysisUser([1, 4]) }));
});

describe('accessible names of the shared components', () => {
  it('a share bar is a progressbar named by the figure beside it', () => {
    render(<BarCell percent={12.3} text="12.3%" />);
    const bar = screen.getByRole('progressbar', { name: '12.3%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12.3');
  });

  it('every control of the filter panel is named by its section', async () => {
    renderAt(
      <FilterPanel
        sections={['date', 'category', 'channels', 'brands', 'keywords', 'favourites']}
        primary={['date', 'category', 'channels', 'brands', 'keywords', 'favourites']}
      />,
      '/discover',
    );
    expect(await screen.findByRole('combobox', { name: 'Category' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Platforms / channels' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Brands' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Title keywords' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Only favorite brands' })).toBeTruthy();
    // The period range: its stand-in until used (LazyRangePicker), then both inputs of the picker.
    const standIn = screen.getByRole('textbox', { name: 'Period' });
    fireEvent.focus(standIn);
    fireEvent.keyDown(standIn, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Period' })).toHaveLength(2));
  });

  it("a screen's title is its one h1", () => {
    render(
      <PageFrame title="Accounts" subtitle="Open and edit accounts">
        <p>content</p>
      </PageFrame>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Accounts']);
  });
});
