/**
 * The filter sections by id: a page chooses its sections by id (`<FilterPanel sections={[…]} />`),
 * and the panel draws each from here. One file per section under ./sections.
 */
import { AttributesSection } from './sections/AttributesSection.js';
import { BrandsSection } from './sections/BrandsSection.js';
import { CategorySection } from './sections/CategorySection.js';
import { ChannelSourcesSection } from './sections/ChannelSourcesSection.js';
import { ChannelsSection } from './sections/ChannelsSection.js';
import { CompareSection } from './sections/CompareSection.js';
import { DateSection } from './sections/DateSection.js';
import { FavouritesSection } from './sections/FavouritesSection.js';
import { KeywordsSection } from './sections/KeywordsSection.js';
import { PriceSection } from './sections/PriceSection.js';
import { ShopsSection } from './sections/ShopsSection.js';
import type { FilterSectionDef } from './types.js';

/** Every section id, in the order a page lists them unless it says otherwise. */
export const FILTER_SECTION_IDS = [
  'date',
  'compare',
  'category',
  'channels',
  'brands',
  'shops',
  'channelSources',
  'keywords',
  'attributes',
  'price',
  'favourites',
] as const;
export type FilterSectionName = (typeof FILTER_SECTION_IDS)[number];

export const FILTER_SECTION_REGISTRY: Record<FilterSectionName, FilterSectionDef> = {
  date: { Component: DateSection },
  compare: { Component: CompareSection },
  category: {
    Component: CategorySection,
    clear: () => ({ category: { enable: false, value: [] }, sql: { enable: false, value: '' } }),
  },
  channels: { Component: ChannelsSection, clear: () => ({ channels: [] }) },
  brands: { Component: BrandsSection, clear: () => ({ brands: [] }) },
  shops: { Component: ShopsSection, clear: () => ({ shops: [], channelSources: [] }) },
  channelSources: { Component: ChannelSourcesSection, clear: () => ({ channelSources: [] }) },
  keywords: {
    Component: KeywordsSection,
    wide: true,
    clear: (f) => ({ goodsKeywords: { ...f.goodsKeywords, enable: false } }),
  },
  attributes: { Component: AttributesSection, wide: true, clear: () => ({ attributes: {}, newAttributes: [] }) },
  price: { Component: PriceSection, clear: () => ({ bands: ['', ''] }) },
  favourites: { Component: FavouritesSection, clear: () => ({ isFollowConcernedBrands: false }) },
};

/** The sections of today's analysis pages, in display order (the shop section is for the shop pages). */
export const FILTER_SECTIONS = [
  'date',
  'compare',
  'category',
  'channels',
  'brands',
  'keywords',
  'attributes',
  'price',
  'favourites',
] as const satisfies readonly FilterSectionName[];
