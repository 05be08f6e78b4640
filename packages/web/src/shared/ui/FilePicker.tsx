import { CloudUploadOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback.js';

interface Props {
  /** Called with the text of a CSV/TXT file. */
  onText(text: string, name: string): void;
  /** Called with an .xlsx file as base64 (the server reads workbooks); without it, .xlsx is refused. */
  onWorkbook?(base64: string, name: string): void;
  hint?: string;
}

/** A file's bytes as base64 (a data: URL without its prefix). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Drag-and-drop file input that reads the file in the browser (nothing is saved until the user
 * confirms). Where the screen handles workbooks, an .xlsx is handed over as base64 for the server to
 * read; other Excel files are refused with a clear message (Excel saves CSV).
 */
export function FilePicker({ onText, onWorkbook, hint }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return (
    <Upload.Dragger
      accept=".csv,.txt,.xlsx,.xls"
      maxCount={1}
      showUploadList={false}
      beforeUpload={async (file) => {
        if (onWorkbook && /\.xlsx$/i.test(file.name)) {
          onWorkbook(await base64Of(file), file.name);
          return Upload.LIST_IGNORE;
        }
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
        <CloudUploadOutlined />
      </p>
      <p className="ant-upload-text">{t('upload.drop')}</p>
      <p className="ant-upload-hint">{hint ?? t('upload.hint')}</p>
    </Upload.Dragger>
  );
}
