import { afterAll, describe, expect, it } from 'vitest';
import { customSqlColumns, parseCustomSql, SqlParser } from '../../src/analytics/engine/custom-sql.js';

/** Custom SQL where-clause (spec §5): accepted only when every node is allow-listed. */
describe('custom SQL where-clause', () => {
  const parser = new SqlParser();
  const columns = customSqlColumns(['efficacy']);
  afterAll(() => parser.close());
  const parse = (text: string) => parseCustomSql(parser, text, columns);

  it('accepts comparisons, IN, NOT IN with other conditions, LIKE, BETWEEN, IS NULL, AND/OR/NOT', async () => {
    expect(
      await parse(
        "(category_name_2 = '护肤' OR brand_en LIKE 'L%') AND price NOT BETWEEN 1.5 AND 20 AND efficacy IS NOT NULL AND shop_type NOT IN ('global', 'others')",
      ),
    ).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'compare', column: 'category_name_2', op: '=', value: '护肤' },
            { kind: 'like', column: 'brand_en', negated: false, pattern: 'L%' },
          ],
        },
        { kind: 'between', column: 'price', negated: true, low: 1.5, high: 20 },
        { kind: 'null', column: 'efficacy', negated: true },
        { kind: 'in', column: 'shop_type', negated: true, values: ['global', 'others'] },
      ],
    });
    expect(await parse('10 < price')).toEqual({ kind: 'compare', column: 'price', op: '>', value: 10 });
    expect(await parse("NOT (title LIKE '%小样%') AND price > -1")).toMatchObject({ kind: 'and' });
  });

  it.each([
    ["(brand = 'x'", 'customSql.unbalancedBrackets'],
    ["brand = 'x')", 'customSql.unbalancedBrackets'],
    ["brand = 'x' -- comment", 'customSql.comment'],
    ["brand = 'x' /* c */", 'customSql.comment'],
    ["brand = 'x'; DROP TABLE t", 'customSql.multipleStatements'],
    ['nope = 1', 'customSql.unknownColumn'],
    ['t.brand = 1', 'customSql.unknownColumn'],
    ["lower(brand) = 'x'", 'customSql.notAllowed'],
    ['price = (SELECT 1)', 'customSql.notAllowed'],
    ["brand = 'x' UNION SELECT 1", 'customSql.notAllowed'],
    ["brand = 'x' ORDER BY 1", 'customSql.notAllowed'],
    ["brand = CAST('x' AS VARCHAR)", 'customSql.notAllowed'],
    ['brand = price', 'customSql.notAllowed'],
    ["price = 'x'", 'customSql.typeMismatch'],
    ['brand = 1', 'customSql.typeMismatch'],
    ["shop_type NOT IN ('global')", 'customSql.notInAlone'],
    ['brand = = 1', 'customSql.syntax'],
    ['   ', 'customSql.empty'],
  ])('rejects %s', async (text, key) => {
    await expect(parse(text)).rejects.toMatchObject({ status: 400, messageKey: key });
  });
});
