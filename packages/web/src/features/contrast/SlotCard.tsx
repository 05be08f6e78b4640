import { DeleteOutlined, FilterOutlined } from '@ant-design/icons';
import type { ContrastSlot } from '@marketlens/shared/contracts';
import { Alert, Button, Card, Flex, Modal, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BrandNoAccess,
  BrandPicker,
  CategoryTreeSelect,
  NoAccess,
  useFollowedBrands,
  useNameOf,
} from '../../shared/analysis/index.js';
import { EMPTY_SLOT, isActive, type Slot, slotColor } from './slots.js';

/** The slot's own categories (docs/product.md §4: a dialog per brand); "apply to all" puts them on every slot. */
function CategoriesDialog({
  n,
  value,
  onOk,
  onAll,
  onClose,
}: {
  n: number;
  value: number[];
  onOk(categories: number[]): void;
  onAll(categories: number[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  return (
    <Modal
      open
      title={t('contrast.dialog.title', { n })}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <Button onClick={() => onAll(draft)} data-testid="slot-categories-all">
            {t('contrast.dialog.applyAll')}
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('contrast.dialog.cancel')}</Button>
            <Button type="primary" onClick={() => onOk(draft)} data-testid="slot-categories-ok">
              {t('contrast.dialog.ok')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('contrast.dialog.hint')}</Typography.Paragraph>
      <CategoryTreeSelect
        value={draft}
        onChange={setDraft}
        label={t('contrast.dialog.title', { n })}
        placeholder={t('contrast.dialog.placeholder')}
        testId="slot-categories-select"
      />
    </Modal>
  );
}

/** Why a slot shows no figures: the docs/product.md §6 no-access state (with favourite), or an unknown brand. */
export function SlotState({ slot }: { slot: ContrastSlot }) {
  const { t } = useTranslation();
  if (slot.access === 'no_access_brand') return <BrandNoAccess brandId={slot.brand_id} />;
  if (slot.access === 'no_access_category') return <NoAccess kind="category" />;
  if (slot.access === 'not_found') return <Alert type="warning" showIcon title={t('contrast.slot.notFound')} />;
  return null;
}

/**
 * One comparison slot in its colour (gray when empty or switched off): the brand (search, or a
 * followed brand as a quick pick), its categories, on/off without losing the brand, and remove —
 * which also drops the slot's categories.
 */
export function SlotCard({
  index,
  slot,
  answer,
  onChange,
  onAll,
}: {
  index: number;
  slot: Slot;
  answer: ContrastSlot | undefined;
  onChange(next: Slot): void;
  onAll(categories: number[]): void;
}) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const followed = useFollowedBrands();
  const [dialog, setDialog] = useState(false);
  const color = slotColor(slot, index);
  const n = index + 1;
  const current =
    answer && answer.access === 'ok' ? { id: answer.brand_id, name: answer.name, name_en: answer.name_en } : undefined;
  const picks = (followed.data?.brands ?? []).slice(0, 6);
  return (
    <Card
      size="small"
      data-testid={`slot-${n}`}
      data-color={color}
      data-active={isActive(slot)}
      style={{ borderTop: `4px solid ${color}`, height: '100%' }}
      title={
        <Flex align="center" gap={8}>
          <span
            aria-hidden
            style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: color }}
          />
          {t('contrast.slot.title', { n })}
        </Flex>
      }
      extra={
        <Flex align="center" gap={4}>
          <Switch
            size="small"
            checked={slot.on}
            disabled={slot.brand === null}
            onChange={(on) => onChange({ ...slot, on })}
            aria-label={slot.on ? t('contrast.slot.on') : t('contrast.slot.off')}
            data-testid={`slot-${n}-switch`}
          />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            disabled={slot.brand === null && slot.categories.length === 0}
            onClick={() => onChange(EMPTY_SLOT)}
            aria-label={t('contrast.slot.clear')}
            data-testid={`slot-${n}-clear`}
          />
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <BrandPicker
          value={slot.brand}
          current={current}
          onChange={(id) => onChange({ ...slot, brand: id, on: true })}
          width="100%"
        />
        <Button
          size="small"
          icon={<FilterOutlined />}
          onClick={() => setDialog(true)}
          data-testid={`slot-${n}-categories`}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('contrast.slot.categories')}:{' '}
          {slot.categories.length
            ? t('contrast.slot.categoriesCount', { count: slot.categories.length })
            : t('contrast.slot.categoriesFilter')}
        </Button>
        {slot.brand === null && picks.length > 0 && (
          <Flex gap={4} wrap align="center" data-testid={`slot-${n}-followed`}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('contrast.slot.followed')}
            </Typography.Text>
            {picks.map((b) => (
              <Button
                key={b.brand_id}
                size="small"
                shape="round"
                onClick={() => onChange({ ...slot, brand: b.brand_id, on: true })}
              >
                {nameOf({ name: b.brand_name, name_en: b.brand_name_en })}
              </Button>
            ))}
          </Flex>
        )}
        {!slot.on && slot.brand !== null && (
          <Typography.Text type="secondary" data-testid={`slot-${n}-paused`}>
            {t('contrast.slot.off')}
          </Typography.Text>
        )}
        {answer && <SlotState slot={answer} />}
      </Flex>
      {dialog && (
        <CategoriesDialog
          n={n}
          value={slot.categories}
          onClose={() => setDialog(false)}
          onOk={(categories) => {
            setDialog(false);
            onChange({ ...slot, categories });
          }}
          onAll={(categories) => {
            setDialog(false);
            onAll(categories);
          }}
        />
      )}
    </Card>
  );
}
