import { type MessageKey, validateCustomAttribute, validateCustomAttributeValues } from '@marketlens/shared';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/request.js';
import {
  type CustomAttribute,
  type CustomAttributeDraft,
  customAttributeName,
  useCustomAttributes,
  useSaveCustomAttributes,
  wordsOf,
} from '../customAttributes.js';
import { itemStatus } from './itemStatus.js';

/** What separates words typed in one go (as in the keyword filter). */
const SEPARATORS = /[\s,，;；]+/;

const draftOf = (a: CustomAttribute): CustomAttributeDraft => ({
  id: a.id,
  name: a.name,
  name_en: a.name_en,
  words: wordsOf(a),
});
const namesOf = (d: CustomAttributeDraft) => ({ name: d.name, name_en: d.name_en, values: d.words });

type Problem = { field: 'name' | 'name_en' | 'values'; text: string };

/** The form of one attribute: its names in both languages and its words, checked by the shared rules. */
function AttributeForm({
  initial,
  others,
  saving,
  serverError,
  onSave,
  onCancel,
}: {
  initial: CustomAttributeDraft;
  others: readonly CustomAttributeDraft[];
  saving: boolean;
  serverError: string | undefined;
  onSave(draft: CustomAttributeDraft): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<Problem | undefined>();
  const say = (key: MessageKey, params?: Record<string, number>) => t(key, params);
  const check = (next: CustomAttributeDraft): Problem | undefined => {
    const p = validateCustomAttribute(namesOf(next), others.map(namesOf));
    return p ? { field: p.field, text: say(p.key, p.params) } : undefined;
  };
  const addWords = (): CustomAttributeDraft | undefined => {
    const typed = input.split(SEPARATORS).filter(Boolean);
    if (typed.length === 0) return draft;
    // A word is one quoted keyword of a super query (docs/api.md): it cannot hold the quote itself.
    if (typed.some((w) => w.includes('"'))) {
      setProblem({ field: 'values', text: t('analysis.customAttributes.noQuotes') });
      return undefined;
    }
    const next = { ...draft, words: [...draft.words, ...typed] };
    const p = validateCustomAttributeValues(next.words);
    if (p) {
      setProblem({ field: p.field, text: say(p.key, p.params) });
      return undefined;
    }
    setProblem(undefined);
    setInput('');
    setDraft(next);
    return next;
  };
  const save = () => {
    const next = addWords();
    if (!next) return;
    const p = check(next);
    setProblem(p);
    if (!p) onSave(next);
  };
  const errorOf = (field: Problem['field']) => (problem?.field === field ? problem.text : undefined);
  return (
    <Form layout="vertical" data-testid="custom-attribute-form" onFinish={save}>
      <Form.Item label={t('analysis.customAttributes.name')} required {...itemStatus(errorOf('name'))}>
        <Input
          value={draft.name}
          maxLength={64}
          placeholder={t('analysis.customAttributes.namePlaceholder')}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          aria-label={t('analysis.customAttributes.name')}
        />
      </Form.Item>
      <Form.Item label={t('analysis.customAttributes.nameEn')} {...itemStatus(errorOf('name_en'))}>
        <Input
          value={draft.name_en}
          maxLength={64}
          placeholder={t('analysis.customAttributes.nameEnPlaceholder')}
          onChange={(e) => setDraft({ ...draft, name_en: e.target.value })}
          aria-label={t('analysis.customAttributes.nameEn')}
        />
      </Form.Item>
      <Form.Item
        label={t('analysis.customAttributes.words')}
        required
        extra={t('analysis.customAttributes.wordsHelp')}
        {...itemStatus(errorOf('values'))}
      >
        <Flex vertical gap={6}>
          <Input
            value={input}
            placeholder={t('analysis.customAttributes.wordsPlaceholder')}
            onChange={(e) => setInput(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              addWords();
            }}
            aria-label={t('analysis.customAttributes.words')}
          />
          <Flex gap={4} wrap>
            {draft.words.map((w) => (
              <Tag
                key={w}
                closable
                onClose={() => setDraft({ ...draft, words: draft.words.filter((x) => x !== w) })}
                data-testid="custom-attribute-word"
              >
                {w}
              </Tag>
            ))}
          </Flex>
        </Flex>
      </Form.Item>
      {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 12 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('analysis.customAttributes.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}

/**
 * `<CustomAttributesEditor open onClose onRemoved>`: the user's custom attributes of the project —
 * add, edit, delete (docs/web-analysis.md `newAttributes`). Each change saves the whole list on the server (per
 * user and project), so the attribute is there next time. `onRemoved(id)` lets the filter drop a
 * deleted attribute's choices.
 */
export function CustomAttributesEditor({
  open,
  onClose,
  onRemoved,
}: {
  open: boolean;
  onClose(): void;
  onRemoved(id: number): void;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useCustomAttributes();
  const save = useSaveCustomAttributes();
  const [editing, setEditing] = useState<CustomAttributeDraft | null>(null);
  const items = list.data ?? [];
  const own = items.filter((a) => a.editable).map(draftOf);
  const shared = items.filter((a) => !a.editable).map(draftOf);
  const serverError = save.error
    ? isApiError(save.error)
      ? save.error.message
      : t('analysis.customAttributes.saveFailed')
    : undefined;

  const submit = (next: readonly CustomAttributeDraft[], after?: () => void) =>
    save.mutate(next, {
      onSuccess: () => {
        setEditing(null);
        after?.();
      },
    });

  return (
    <Modal
      open={open}
      onCancel={() => {
        setEditing(null);
        save.reset();
        onClose();
      }}
      title={t('analysis.customAttributes.title')}
      footer={null}
      width={560}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('analysis.customAttributes.intro')}</Typography.Paragraph>
      {editing ? (
        <AttributeForm
          key={editing.id ?? 'new'}
          initial={editing}
          others={[...shared, ...own.filter((a) => a.id !== editing.id)]}
          saving={save.isPending}
          serverError={serverError}
          onCancel={() => {
            save.reset();
            setEditing(null);
          }}
          onSave={(draft) =>
            submit(draft.id === undefined ? [...own, draft] : own.map((a) => (a.id === draft.id ? draft : a)))
          }
        />
      ) : (
        <Flex vertical gap={12}>
          <Flex vertical gap={8} data-testid="custom-attribute-list">
            {items.length === 0 && (
              <Typography.Text type="secondary">{t('analysis.customAttributes.empty')}</Typography.Text>
            )}
            {items.map((a) => (
              <Flex
                key={a.id}
                justify="space-between"
                align="start"
                gap={8}
                className="custom-attribute-row"
                data-testid={`custom-attribute-${a.id}`}
              >
                <Flex vertical gap={4}>
                  <Typography.Text strong>{customAttributeName(a, en)}</Typography.Text>
                  <Flex gap={4} wrap>
                    {wordsOf(a).map((w) => (
                      <Tag key={w}>{w}</Tag>
                    ))}
                  </Flex>
                </Flex>
                {a.editable ? (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setEditing(draftOf(a))}>
                      {t('common.edit')}
                    </Button>
                    <Popconfirm
                      title={t('analysis.customAttributes.deleteConfirm', { name: customAttributeName(a, en) })}
                      okText={t('analysis.customAttributes.delete')}
                      cancelText={t('common.cancel')}
                      onConfirm={() =>
                        submit(
                          own.filter((d) => d.id !== a.id),
                          () => onRemoved(a.id),
                        )
                      }
                    >
                      <Button type="link" size="small" danger>
                        {t('analysis.customAttributes.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('analysis.customAttributes.shared')}</Typography.Text>
                )}
              </Flex>
            ))}
          </Flex>
          {serverError && <Alert type="error" showIcon title={serverError} />}
          <div>
            <Button type="dashed" onClick={() => setEditing({ name: '', name_en: '', words: [] })}>
              {t('analysis.customAttributes.add')}
            </Button>
          </div>
        </Flex>
      )}
    </Modal>
  );
}
