import { DATA_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Button, Flex, Form, Input, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.js';
import { isApiError } from '../../../api/request.js';
import { useProjectId } from '../../reference.js';
import { CategoryTreeSelect } from '../CategoryTreeSelect.js';
import type { FilterSectionProps } from '../types.js';

type SqlCheck = { text: string; ok: true; count: number } | { text: string; ok: false; message: string };

/**
 * Categories from the granted tree (POST /categories; with brands chosen, the categories they sold
 * in), or a custom SQL condition (docs/security.md: choosing
 * one mode resets the other). The SQL is checked by the server (GET /categories/sql) before it is
 * applied, showing the server's message.
 */
export function CategorySection({ draft, update, beforeApply }: FilterSectionProps) {
  const { t } = useTranslation();
  const projectId = useProjectId();

  const [sqlCheck, setSqlCheck] = useState<SqlCheck | null>(null);
  const [sqlBusy, setSqlBusy] = useState(false);
  const checkSql = async (text: string): Promise<boolean> => {
    if (projectId === undefined) return false;
    setSqlBusy(true);
    try {
      const r = await call(DATA_ENDPOINTS.categorySql, { data_scope_id: projectId, sql: text }, { silent: true });
      setSqlCheck({ text, ok: true, count: r.items.length });
      return true;
    } catch (err) {
      if (isApiError(err) && err.cancelled) return false;
      setSqlCheck({ text, ok: false, message: isApiError(err) && err.message ? err.message : t('errors.generic') });
      return false;
    } finally {
      setSqlBusy(false);
    }
  };
  const sql = draft.sql.value.trim();
  // Unchecked SQL is checked on Apply; a failed check keeps the URL.
  useEffect(() => {
    beforeApply(() => !draft.sql.enable || !sql || (sqlCheck?.text === sql && sqlCheck.ok) || checkSql(sql));
  });
  useEffect(() => () => beforeApply(null), [beforeApply]);

  const checked = draft.sql.enable && sqlCheck?.text === sql ? sqlCheck : null;
  return (
    <Form.Item
      label={t('analysis.filter.category')}
      {...(checked && !checked.ok
        ? { validateStatus: 'error' as const, help: checked.message }
        : checked?.ok
          ? { validateStatus: 'success' as const, help: t('analysis.filter.sqlValid', { count: checked.count }) }
          : {})}
    >
      <Flex vertical gap={6}>
        <Segmented
          size="small"
          // As wide as its two options, like the keywords section's mode switch (a column stretches it).
          style={{ alignSelf: 'flex-start' }}
          value={draft.sql.enable ? 'sql' : 'category'}
          onChange={(mode) =>
            // docs/product.md §4: choosing one mode resets the other.
            update(
              mode === 'sql'
                ? { category: { enable: false, value: [] }, sql: { enable: true, value: draft.sql.value } }
                : { sql: { enable: false, value: '' }, category: { enable: false, value: [] } },
            )
          }
          options={[
            { value: 'category', label: t('analysis.filter.categoryMode') },
            { value: 'sql', label: t('analysis.filter.sqlMode') },
          ]}
        />
        {draft.sql.enable ? (
          <Flex gap={8} align="start">
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={4000}
              value={draft.sql.value}
              aria-label={t('analysis.filter.sqlMode')}
              placeholder={t('analysis.filter.sqlPlaceholder')}
              onChange={(e) => update({ sql: { enable: true, value: e.target.value } })}
              data-testid="filter-sql"
            />
            <Button loading={sqlBusy} disabled={!sql} onClick={() => void checkSql(sql)}>
              {t('analysis.filter.sqlCheck')}
            </Button>
          </Flex>
        ) : (
          <CategoryTreeSelect
            value={draft.category.value}
            label={t('analysis.filter.category')}
            placeholder={t('analysis.filter.categoryPlaceholder')}
            onChange={(value) =>
              update({ category: { enable: value.length > 0, value }, sql: { enable: false, value: '' } })
            }
            testId="filter-category"
            brands={draft.brands}
          />
        )}
      </Flex>
    </Form.Item>
  );
}
