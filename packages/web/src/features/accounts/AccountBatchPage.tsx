import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Space, Steps, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentDef } from '../../shared/route.js';
import { CopyText } from '../../shared/ui/CopyText.js';
import { csvRecords, downloadText, toCsv } from '../../shared/ui/csv.js';
import { FilePicker } from '../../shared/ui/FilePicker.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { type CheckReport, RowReport } from '../../shared/ui/RowReport.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { accountsApi, type BatchKind } from './api.js';

const COLUMNS: Record<BatchKind, readonly string[]> = {
  add: ['username', 'email', 'enterprise', 'telephone', 'password', 'role', 'group', 'valid_from', 'valid_to'],
  update: [
    'username',
    'email',
    'enterprise',
    'telephone',
    'password',
    'role',
    'group',
    'status',
    'valid_from',
    'valid_to',
  ],
};
const REQUIRED: Record<BatchKind, readonly string[]> = {
  add: ['username', 'email', 'enterprise', 'telephone'],
  update: ['username'],
};
/** Chinese column headings accepted in uploaded files, as administrators here write them. */
const ALIASES: Record<string, string> = {
  用户名: 'username',
  邮箱: 'email',
  企业: 'enterprise',
  电话: 'telephone',
  密码: 'password',
  角色: 'role',
  分组: 'group',
  状态: 'status',
  生效日期: 'valid_from',
  失效日期: 'valid_to',
};
const EXAMPLE: Record<string, string> = {
  username: 'zhang.wei',
  email: 'zhang.wei@example.com',
  enterprise: 'Example Co.',
  telephone: '13800000000',
  password: '',
  role: 'general',
  group: '',
  status: 'active',
  valid_from: '2025-01-01',
  valid_to: '2025-12-31',
};

type Created = { id: number; username: string; password?: string };

/**
 * Batch create / batch update (root only): the server reads the uploaded .xlsx or CSV into a table and
 * checks every row; the page shows its report row by row, then commits all rows or none.
 */
export default function AccountBatchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kind: BatchKind = useCurrentDef()?.name === 'AccountBatchUpdate' ? 'update' : 'add';
  const columns = COLUMNS[kind];
  const [rows, setRows] = useState<Record<string, string>[] | null>(null);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<CheckReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ created?: Created[]; updated?: number } | null>(null);
  const label = (c: string) => t(`batch.column.${c}` as 'batch.column.username');

  /** The table the server read from the file → named records → the server's check. */
  const read = async (table: string[][], name: string) => {
    setError(null);
    commit.clearError();
    setReport(null);
    const { records, missing } = csvRecords(table, columns, ALIASES);
    const lacking = REQUIRED[kind].filter((c) => missing.includes(c));
    if (lacking.length > 0) {
      setRows(null);
      setError(t('batch.missingColumns', { columns: lacking.map(label).join(', ') }));
      return;
    }
    if (records.length === 0) {
      setRows(null);
      setError(t('batch.noRows'));
      return;
    }
    setRows(records);
    setFileName(name);
    await check.run(records);
  };
  const sheet = useAction(
    async (file: string, name: string) => {
      const { table } = await accountsApi.batchSheet(file);
      await read(table, name);
    },
    { errors: 'inline' },
  );
  const check = useAction(
    async (records: Record<string, string>[]) => setReport(await accountsApi.batchCheck(kind, records)),
    {
      errors: 'inline',
    },
  );
  const commit = useAction(
    async (all: Record<string, string>[]) => {
      setDone(await accountsApi.batchCommit(kind, all));
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
    { errors: 'inline' },
  );
  const failure = error ?? sheet.error ?? check.error ?? commit.error;

  const title = kind === 'add' ? t('route.accountBatchCreate') : t('route.accountBatchUpdate');
  const step = done ? 2 : report ? 1 : 0;
  const created = done?.created ?? [];
  return (
    <PageFrame
      title={title}
      subtitle={kind === 'add' ? t('batch.addSubtitle') : t('batch.updateSubtitle')}
      extra={
        <>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              downloadText(`accounts-${kind}-template.csv`, toCsv([[...columns], columns.map((c) => EXAMPLE[c] ?? '')]))
            }
          >
            {t('batch.template')}
          </Button>
          <Button onClick={() => navigate('/accounts')}>{t('common.backToList')}</Button>
        </>
      }
    >
      <Flex vertical gap={24}>
        <Steps
          current={step}
          items={[{ title: t('batch.stepUpload') }, { title: t('batch.stepCheck') }, { title: t('batch.stepCommit') }]}
        />
        {failure && <Alert type="error" showIcon title={failure} data-testid="batch-error" />}
        {done ? (
          <StatusView
            status="success"
            title={
              kind === 'add'
                ? t('batch.created', { count: created.length })
                : t('batch.updated', { count: done.updated ?? 0 })
            }
            subTitle={created.some((c) => c.password) ? t('batch.passwordsOnce') : undefined}
            extra={
              <Space>
                {created.some((c) => c.password) && (
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      downloadText(
                        'accounts-created.csv',
                        toCsv([['username', 'password'], ...created.map((c) => [c.username, c.password ?? ''])]),
                      )
                    }
                  >
                    {t('batch.downloadPasswords')}
                  </Button>
                )}
                <Button type="primary" onClick={() => navigate('/accounts')}>
                  {t('common.backToList')}
                </Button>
              </Space>
            }
          >
            {created.length > 0 && (
              <Table<Created>
                size="small"
                rowKey="id"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={created}
                columns={[
                  { title: t('account.username'), dataIndex: 'username' },
                  {
                    title: t('password.initial'),
                    dataIndex: 'password',
                    render: (p?: string) => (p ? <CopyText text={p} /> : t('batch.ownPassword')),
                  },
                ]}
              />
            )}
          </StatusView>
        ) : (
          <>
            <FilePicker
              onFile={(file, name) => sheet.run(file, name)}
              hint={t('batch.fileHint', { columns: REQUIRED[kind].map(label).join(', ') })}
            />
            {rows && report && (
              <>
                <Typography.Text type="secondary">
                  {t('batch.fileName', { name: fileName, rows: rows.length })}
                </Typography.Text>
                <RowReport report={report} rows={rows} columns={columns} columnLabel={label} />
                <Flex gap={8}>
                  <Button
                    type="primary"
                    disabled={!report.valid}
                    loading={commit.busy}
                    onClick={() => commit.run(rows)}
                    data-testid="batch-commit"
                  >
                    {kind === 'add'
                      ? t('batch.commitAdd', { count: rows.length })
                      : t('batch.commitUpdate', { count: rows.length })}
                  </Button>
                  <Button
                    onClick={() => {
                      setRows(null);
                      setReport(null);
                    }}
                  >
                    {t('batch.another')}
                  </Button>
                </Flex>
              </>
            )}
          </>
        )}
      </Flex>
    </PageFrame>
  );
}
