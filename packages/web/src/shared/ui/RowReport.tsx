import { Alert, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RowProblem {
  row: number;
  field: string;
  problem: string;
}

export interface CheckReport {
  valid: boolean;
  rows: number;
  errors: RowProblem[];
}

interface Props {
  report: CheckReport;
  /** The uploaded rows (1-based row numbers in the report index into this list). */
  rows: readonly Record<string, string>[];
  columns: readonly string[];
  columnLabel(name: string): string;
  /** What to do next, where it is not an uploaded file (default: fix the file and upload it again). */
  hint?: string;
}

/** The server's check of an uploaded file, row by row: every row, its values and what is wrong with it. */
export function RowReport({ report, rows, columns, columnLabel, hint }: Props) {
  const { t } = useTranslation();
  const byRow = new Map<number, RowProblem[]>();
  for (const e of report.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  const bad = byRow.size;
  const data = rows.map((r, i) => ({ key: i + 1, row: i + 1, values: r, problems: byRow.get(i + 1) ?? [] }));
  return (
    <Flex vertical gap={12} data-testid="row-report">
      <Alert
        type={report.valid ? 'success' : 'error'}
        showIcon
        title={
          report.valid ? t('report.allValid', { rows: report.rows }) : t('report.invalid', { bad, rows: report.rows })
        }
        description={hint ?? (report.valid ? t('report.commitHint') : t('report.fixHint'))}
      />
      <Table
        size="small"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: true }}
        dataSource={data}
        rowClassName={(r) => (r.problems.length > 0 ? 'ml-row-bad' : '')}
        columns={[
          { title: t('report.row'), dataIndex: 'row', width: 64, fixed: 'left' },
          {
            title: t('report.result'),
            width: 280,
            render: (_, r) =>
              r.problems.length === 0 ? (
                <Tag color="success">{t('report.ok')}</Tag>
              ) : (
                <Flex vertical gap={2}>
                  {r.problems.map((p) => (
                    <Typography.Text key={`${p.field}-${p.problem}`} type="danger">
                      {columnLabel(p.field)}: {p.problem}
                    </Typography.Text>
                  ))}
                </Flex>
              ),
          },
          ...columns.map((c) => ({
            title: columnLabel(c),
            key: c,
            render: (_: unknown, r: (typeof data)[number]) => r.values[c] ?? '',
          })),
        ]}
      />
    </Flex>
  );
}
