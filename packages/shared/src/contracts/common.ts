/**
 * Wire pieces every analysis endpoint shares: the warning format, the request's locale fields and
 * the filter (docs/product.md §3) as it arrives on the wire. The server validates with these schemas (unknown
 * fields are rejected); the web reads their `Static` types.
 */
import { type Static, type TProperties, Type } from 'typebox';

/**
 * A warning for the page (docs/product.md §8: unequal period lengths, no data …): its message key and the text
 * in the request's language. Every analysis answer carries `warnings` in this one format.
 */
export const Warning = Type.Object({ code: Type.String(), msg: Type.String() });
export type Warning = Static<typeof Warning>;
export const Warnings = Type.Array(Warning);

/**
 * The marks of a growth figure (docs/metrics.md "Flags"; the rules are coverage.ts `figureFlags`):
 * a low base, an incomplete base range, an incomplete own range. Every object of an answer that
 * carries a `growth` carries its `flags` beside it; absent or empty means none.
 */
export const FigureFlags = Type.Array(
  Type.Union([Type.Literal('low_base'), Type.Literal('base_incomplete'), Type.Literal('range_incomplete')]),
);
export type FigureFlags = Static<typeof FigureFlags>;

/**
 * Every request may carry `locale`, and `debug` when the web page's address contains "debug"
 * (docs/product.md §7); both are accepted wherever the closed schemas accept anything.
 */
export const LocaleField = {
  locale: Type.Optional(Type.String({ maxLength: 10 })),
  debug: Type.Optional(Type.Boolean()),
};

export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Ids = Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 5000 });
/**
 * A band end: a number, its text, or empty. One multi-type schema, not a union: with the server's
 * coerceTypes, ajv turned null into 0 in a union's number branch, so [100, null] ("100 and above")
 * became [100, 0].
 */
const Bound = Type.Unsafe<number | string | null>({ type: ['number', 'string', 'null'], maxLength: 32 });

/** The project (data scope) a request is about. */
export const DataScopeId = Type.Integer({ minimum: 1 });

/**
 * A keyword expression (docs/product.md §3 goodsKeywords): words with AND/OR, or one super query (docs/product.md §5).
 * The filter's title keywords, and on Concept Explore the concept itself.
 */
export const GoodsKeywords = Type.Object(
  {
    enable: Type.Boolean(),
    /** 'keyword': a list of words; 'super': one super query (docs/product.md §5). */
    input_type: Type.Union([Type.Literal('keyword'), Type.Literal('super')]),
    condition_type: Type.Optional(Type.Union([Type.Literal('AND'), Type.Literal('OR')])),
    value: Type.Union([
      Type.String({ maxLength: 1000 }),
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }),
    ]),
  },
  { additionalProperties: false },
);
export type GoodsKeywords = Static<typeof GoodsKeywords>;

/**
 * The filter state (docs/product.md §3) as it arrives on the wire. Field names follow it (goodsKeywords,
 * isFollowConcernedBrands …); its rules (docs/product.md §5) are checked by the server's filter validation.
 */
export const FilterFields = {
  /** The project (data scope) the filter is for. */
  data_scope_id: DataScopeId,
  category: Type.Optional(Type.Object({ enable: Type.Boolean(), value: Ids }, { additionalProperties: false })),
  /** Custom SQL mode: a where-clause (docs/product.md §5); exclusive with an enabled category selection. */
  sql: Type.Optional(
    Type.Object({ enable: Type.Boolean(), value: Type.String({ maxLength: 4000 }) }, { additionalProperties: false }),
  ),
  /** 'platform_id' (every channel of the platform) or 'platform_id,shop_type'. */
  channels: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{1,9}(,[a-z_]{1,32})?$' }), { maxItems: 200 })),
  brands: Type.Optional(Ids),
  /** Shop selections as 'platform,shop_id' (docs/product.md §4). */
  shops: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{1,9},\\d{1,16}$' }), { maxItems: 5000 })),
  /**
   * Channel sources (docs/product.md §9: supermarket, global, others) among the selected shops: only with a
   * shop selection (docs/product.md §5 "Channel source requires a shop selection first", a 400 otherwise).
   */
  channel_sources: Type.Optional(
    Type.Array(Type.Union([Type.Literal('supermarket'), Type.Literal('global'), Type.Literal('others')]), {
      maxItems: 3,
    }),
  ),
  goodsKeywords: Type.Optional(GoodsKeywords),
  /** attribute name → values (value_zh); at most 10 values per attribute. */
  attributes: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
  ),
  /** The project's custom (keyword-rule) attributes: id → chosen values. */
  newAttributes: Type.Optional(
    Type.Array(
      Type.Object(
        { id: Type.Integer({ minimum: 1 }), values: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }) },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
  ),
  /** Title words (the word cloud's words): products with any of them. */
  descriptions: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
  /** Price band [min, max] on the list price; either end may be empty. */
  bands: Type.Optional(Type.Tuple([Bound, Bound])),
  isFollowConcernedBrands: Type.Optional(Type.Boolean()),
  date: Type.Tuple([Day, Day]),
  dateBefore: Type.Optional(Type.Tuple([Day, Day])),
  selector: Type.Optional(
    Type.Union([Type.Literal('mom'), Type.Literal('yoy'), Type.Literal('custom'), Type.Literal('event')]),
  ),
  /**
   * Selector event ("same event last year", docs/metrics.md): the calendar event's code, the
   * edition (year) compared and how many editions back (default 1). The applied range is then the
   * periods covering that edition, whatever `date` says. Bounds are checked by the validation, with
   * the comparison's own messages.
   */
  event: Type.Optional(
    Type.Object(
      {
        code: Type.String({ minLength: 1, maxLength: 64 }),
        year: Type.Integer(),
        back: Type.Optional(Type.Integer()),
      },
      { additionalProperties: false },
    ),
  ),
};
export const WireFilterSchema = Type.Object(FilterFields, { additionalProperties: false });
export type WireFilter = Static<typeof WireFilterSchema>;
/** The names of the filter's fields: what a body holds besides them is the endpoint's own. */
export const FILTER_FIELD_NAMES: readonly string[] = Object.keys(FilterFields);

/** A closed request body: locale, the filter (docs/product.md §3), and the endpoint's own fields. */
export const FilterBody = <P extends TProperties>(props: P) =>
  Type.Object({ ...LocaleField, ...FilterFields, ...props }, { additionalProperties: false });

/** A closed request body without the filter: locale, the data scope and the endpoint's own fields. */
export const ScopeBody = <P extends TProperties>(props: P) =>
  Type.Object({ ...LocaleField, data_scope_id: DataScopeId, ...props }, { additionalProperties: false });
