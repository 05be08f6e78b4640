import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, toCsv } from '../../shared/ui/csv.js';
import { FilePicker } from '../../shared/ui/FilePicker.js';
import { type CheckReport, RowReport } from '../../shared/ui/RowReport.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type DatasetCategory, projectKeys, projectsApi } from './api.js';

/**
 * The upload template: the dataset's categories not yet in the project, real ids with their names
 * and level, so the administrator keeps the rows to add. The server reads the column headed
 * 'category' and ignores the others.
 */
export function templateRows(items: readonly DatasetCategory[]): string[][] {
  return [
    ['category', 'name', 'name_en', 'level'],
    ...items
      .filter((c) => c.status === null)
      .map((c) => [String(c.category_id), c.category_name, c.category_name_en, String(c.level)]),
  ];
}

interface Upload {
  /** The file as base64, sent again to commit. */
  file: string;
  lines: Record<string, string>[];
  report: CheckReport;
}

interface Props {
  open: boolean;
  projectId: number;
  onClose(): void;
  /** The categories were added: the list refetches. */
  onAdded(): void;
}

/** The category list upload of a project: pick a file, see the per-row check, commit all rows or none. */
export default function CategoryUploadDialog({ open, projectId, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [review, setReview] = useState(false);
  const dataset = useQuery({
    queryKey: projectKeys.datasetCategories(projectId),
    queryFn: ({ signal }) => projectsApi.datasetCategories(projectId, signal),
    enabled: open,
  });

  const check = useAction(async (file: string) => {
    const report = await projectsApi.uploadCategories(projectId, file, true);
    setUpload({ file, report, lines: report.categories.map((category) => ({ category })) });
  });

  const close = () => {
    setUpload(null);
    setReview(false);
    onClose();
  };

  const commit = useAction(
    async (file: string) => {
      const r = await projectsApi.uploadCategories(projectId, file, false, review ? 'not_ready' : 'ready');
      close();
      onAdded();
      return r;
    },
    { success: (r) => t('categories.added', { count: r.added }) },
  );

  return (
    <Modal
      open={open}
      title={t('categories.upload')}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Checkbox checked={review} onChange={(e) => setReview(e.target.checked)} data-testid="upload-review">
            {t('categories.reviewFirst')}
          </Checkbox>
          <Button
            icon={<DownloadOutlined />}
            disabled={!dataset.isSuccess}
            onClick={() =>
              dataset.data && downloadText('categories-template.csv', toCsv(templateRows(dataset.data.items)))
            }
            data-testid="categories-template"
          >
            {t('batch.template')}
          </Button>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={!upload?.report.valid}
            loading={commit.busy}
            onClick={() => upload && commit.run(upload.file)}
            data-testid="categories-commit"
          >
            {t('categories.commit', { count: upload?.lines.length ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <FilePicker onFile={(file) => check.run(file)} hint={t('categories.fileHint')} />
        <Typography.Text type="secondary">{t('categories.templateHint')}</Typography.Text>
        {upload && (
          <RowReport
            report={upload.report}
            rows={upload.lines}
            columns={['category']}
            columnLabel={() => t('categories.name')}
          />
        )}
      </Flex>
    </Modal>
  );
}
