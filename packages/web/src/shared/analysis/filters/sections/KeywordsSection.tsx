import { validateNewKeyword } from '@marketlens/shared';
import { Flex, Form, Input, Radio, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';

const SEPARATORS = /[\s,，;；]+/;

/**
 * Title keywords with AND/OR (a duplicate is refused with the message of docs/product.md §5), or one super query
 * checked by the shared parser with the error position.
 */
export function KeywordsSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | undefined>();
  const k = draft.goodsKeywords;
  const words = Array.isArray(k.value) ? k.value : [];
  const superText = typeof k.value === 'string' ? k.value : '';
  const addWords = () => {
    const next = [...words];
    for (const w of input.split(SEPARATORS).filter(Boolean)) {
      const problem = validateNewKeyword(w, next);
      if (problem) {
        setError(t(problem));
        return;
      }
      next.push(w.trim());
    }
    setError(undefined);
    setInput('');
    update({ goodsKeywords: { ...k, enable: next.length > 0, input_type: 'keyword', value: next } });
  };
  return (
    <Form.Item
      label={t('analysis.filter.keywords')}
      {...itemStatus(k.input_type === 'super' ? errorOf('keywords') : error)}
    >
      <Flex vertical gap={6}>
        <Flex gap={8} wrap>
          <Segmented
            size="small"
            value={k.input_type}
            onChange={(mode) => {
              setError(undefined);
              update({
                goodsKeywords: {
                  enable: false,
                  input_type: mode as 'keyword' | 'super',
                  condition_type: 'AND',
                  value: mode === 'super' ? '' : [],
                },
              });
            }}
            options={[
              { value: 'keyword', label: t('analysis.filter.keywordMode') },
              { value: 'super', label: t('analysis.filter.superMode') },
            ]}
          />
          {k.input_type === 'keyword' && (
            <Radio.Group
              size="small"
              optionType="button"
              value={k.condition_type}
              onChange={(e) => update({ goodsKeywords: { ...k, condition_type: e.target.value } })}
              options={[
                { value: 'AND', label: t('analysis.filter.conditionAnd') },
                { value: 'OR', label: t('analysis.filter.conditionOr') },
              ]}
            />
          )}
        </Flex>
        {k.input_type === 'super' ? (
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={1000}
            value={superText}
            aria-label={t('analysis.filter.superMode')}
            placeholder={t('analysis.filter.superPlaceholder')}
            onChange={(e) =>
              update({
                goodsKeywords: {
                  enable: e.target.value.trim() !== '',
                  input_type: 'super',
                  condition_type: 'AND',
                  value: e.target.value,
                },
              })
            }
            data-testid="filter-super"
          />
        ) : (
          <>
            <Input
              value={input}
              aria-label={t('analysis.filter.keywords')}
              placeholder={t('analysis.filter.keywordsPlaceholder')}
              onChange={(e) => {
                setInput(e.target.value);
                setError(undefined);
              }}
              onPressEnter={(e) => {
                e.preventDefault();
                addWords();
              }}
              onBlur={() => input.trim() && addWords()}
              data-testid="filter-keyword-input"
            />
            {words.length > 0 && (
              <Flex gap={4} wrap>
                {words.map((w) => (
                  <Tag
                    key={w}
                    closable
                    onClose={() => {
                      const next = words.filter((x) => x !== w);
                      update({ goodsKeywords: { ...k, enable: next.length > 0, value: next } });
                    }}
                  >
                    {w}
                  </Tag>
                ))}
              </Flex>
            )}
          </>
        )}
      </Flex>
    </Form.Item>
  );
}
