import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadedFile, saveBlob } from '../api/download.js';
import { isApiError } from '../api/request.js';
import { useFeedback } from './feedback.js';

/** The server's code for "every sheet is empty" (packages/server/src/downloads/xlsx.ts). */
export const DOWNLOAD_EMPTY_CODE = 'download_empty';

/**
 * Downloads an .xlsx made by the server and saves it under `fileName`. Shows the server's "empty
 * download data" message when there is nothing to export, else "download failed". Leaving the page
 * cancels a running download.
 */
export function FileDownloadButton({
  fetchFile,
  fileName,
  disabled,
  size = 'small',
}: {
  fetchFile: (signal: AbortSignal) => Promise<DownloadedFile>;
  fileName: string;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    if (disabled || busy) return;
    setBusy(true);
    const controller = new AbortController();
    running.current = controller;
    try {
      const file = await fetchFile(controller.signal);
      const name = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
      saveBlob(file.blob, name);
      void message.success(t('fileDownload.done', { name }));
    } catch (err) {
      if (isApiError(err) && err.cancelled) return;
      if (isApiError(err) && err.code === DOWNLOAD_EMPTY_CODE) void message.warning(err.message || t('download.empty'));
      else if (isApiError(err) && err.status === 400 && err.message) void message.error(err.message);
      else void message.error(t('fileDownload.failed'));
    } finally {
      running.current = null;
      setBusy(false);
    }
  };

  return (
    <Button
      size={size}
      icon={<DownloadOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={() => void run()}
      data-testid="download-button"
    >
      {t('fileDownload.button')}
    </Button>
  );
}
