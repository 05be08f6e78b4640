import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback.js';
import { ICONS } from './icons.js';

interface Props {
  /** Called with the text of a CSV/TXT file. */
  onText(text: string, name: string): void;
  hint?: string;
}

/**
 * Drag-and-drop file input that reads the file in the browser (nothing is uploaded until the user
 * confirms). Excel workbooks are refused with a clear message: the app reads CSV, which Excel saves.
 */
export function FilePicker({ onText, hint }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return (
    <Upload.Dragger
      accept=".csv,.txt,.xlsx,.xls"
      maxCount={1}
      showUploadList={false}
      beforeUpload={async (file) => {
        if (/\.xlsx?$/i.test(file.name)) {
          void message.warning(t('upload.excelAsCsv'));
          return Upload.LIST_IGNORE;
        }
        onText(await file.text(), file.name);
        return Upload.LIST_IGNORE;
      }}
      data-testid="file-picker"
    >
      <p className="ant-upload-drag-icon">
        <ICONS.CloudUploadOutlined />
      </p>
      <p className="ant-upload-text">{t('upload.drop')}</p>
      <p className="ant-upload-hint">{hint ?? t('upload.hint')}</p>
    </Upload.Dragger>
  );
}
