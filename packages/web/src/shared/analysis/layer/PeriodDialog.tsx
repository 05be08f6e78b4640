import { CHART_NOTE_TEXT_MAX, chartNoteProblems } from '@marketlens/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, List, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../ui/useAction.js';
import type { EventWindow, TimeChartMeta } from '../chartOverlay.js';
import { useFormatters } from '../useFormatters.js';
import { type ChartLayer, type ChartNote, noteKeys, notesApi } from './useChartLayer.js';

/** One period of the chart: its events (a click sets the range to an event's periods) and its notes. */
export default function PeriodDialog({
  layer,
  meta,
  windows,
  period,
  onClose,
}: {
  layer: ChartLayer;
  meta: TimeChartMeta;
  windows: readonly EventWindow[];
  period: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const date = meta.periods[period]!;
  const canWrite = layer.subject !== null && layer.projectId !== undefined;
  return (
    <Modal open title={fmt.period(date)} onCancel={onClose} footer={null} width={520} data-testid="chart-period-dialog">
      {windows.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('chartLayer.events')}
          </Typography.Title>
          <List
            size="small"
            dataSource={[...windows]}
            renderItem={(w) => (
              <List.Item
                actions={[
                  <Button
                    key="show"
                    type="link"
                    size="small"
                    onClick={() => {
                      layer.showPeriods(meta, w.first, w.last);
                      onClose();
                    }}
                    data-testid="chart-event-show"
                  >
                    {t('chartLayer.showPeriods')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={<span style={{ fontWeight: 400 }}>{w.event.name}</span>}
                  description={w.event.start === w.event.end ? w.event.start : `${w.event.start} – ${w.event.end}`}
                />
              </List.Item>
            )}
          />
        </>
      )}
      <Typography.Title level={5}>{t('chartLayer.notes')}</Typography.Title>
      {canWrite ? (
        <NotesForm layer={layer} date={date} />
      ) : (
        <Typography.Text type="secondary">{t('chartLayer.hintNoSubject')}</Typography.Text>
      )}
    </Modal>
  );
}

/** The notes on one period of the subject, with the form to add one and, where allowed, delete. */
function NotesForm({ layer, date }: { layer: ChartLayer; date: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const subject = layer.subject!;
  const projectId = layer.projectId!;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const here = layer.notes.filter((n) => n.date === date);
  const refresh = () => queryClient.invalidateQueries({ queryKey: noteKeys.list(projectId) });
  const add = useAction(
    async () => {
      await notesApi.create(projectId, { entity_kind: subject.kind, entity_id: subject.id, date, text });
      setText('');
      await refresh();
    },
    { errors: 'inline', success: t('chartLayer.added') },
  );
  const remove = useAction(
    async (note: ChartNote) => {
      await notesApi.remove(projectId, note.id);
      await refresh();
    },
    { success: t('common.removed') },
  );
  const submit = () => {
    const first = chartNoteProblems({ entity_kind: subject.kind, entity_id: subject.id, date, text })[0];
    setProblem(first ? t(first.key, first.params) : null);
    if (!first) void add.run();
  };
  return (
    <Flex vertical gap={8} data-testid="chart-notes">
      <Typography.Text type="secondary">{t('chartLayer.about', { name: subject.name })}</Typography.Text>
      <List
        size="small"
        dataSource={here}
        locale={{ emptyText: t('chartLayer.empty') }}
        renderItem={(n) => (
          <List.Item
            actions={
              n.can_delete
                ? [
                    <Popconfirm key="delete" title={t('chartLayer.confirmDelete')} onConfirm={() => remove.run(n)}>
                      <Button type="link" size="small" danger>
                        {t('common.remove')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={<span style={{ whiteSpace: 'pre-wrap', fontWeight: 400 }}>{n.text}</span>}
              description={`${n.author} · ${n.created_at.slice(0, 16).replace('T', ' ')}`}
            />
          </List.Item>
        )}
      />
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('chartLayer.placeholder')}
        maxLength={CHART_NOTE_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 5 }}
        data-testid="chart-note-text"
      />
      {(problem ?? add.error) && <Alert type="error" showIcon message={problem ?? add.error} />}
      <Flex justify="end">
        <Button type="primary" loading={add.busy} onClick={submit} data-testid="chart-note-add">
          {t('chartLayer.add')}
        </Button>
      </Flex>
    </Flex>
  );
}
