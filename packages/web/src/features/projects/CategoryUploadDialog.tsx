import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, toCsv } from '../../shared/ui/csv.js';
import { FilePicker } from '../../shared/ui/FilePicker.js';
import { type CheckReport, RowReport } from '../../shared/ui/RowReport.js';
import { useAction } from '../../shared/ui/useAction.js';
import { projectsApi } from './api.js';

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

  const check = useAction(async (file: string) => {
    const report = await projectsApi.uploadCategories(projectId, file, true);
    setUpload({ file, report, lines: report.categories.map((category) => ({ category })) });
  });

  const close = () => {
    setUpload(null);
    onClose();
  };

  const commit = useAction(
    async (file: string) => {
      const r = await projectsApi.uploadCategories(projectId, file, false);
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
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadText('categories-template.csv', toCsv([['category'], ['1001'], ['2002']]))}
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
