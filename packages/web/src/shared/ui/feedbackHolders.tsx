import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';

export interface FeedbackApis {
  message: MessageInstance;
  notification: NotificationInstance;
}

/** antd's message and notification holders (themed, in the app's language); loaded with the first toast or input (feedback.tsx). */
export default function FeedbackHolders({ onReady }: { onReady(apis: FeedbackApis): void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(
    () => onReady({ message: messageApi, notification: notificationApi }),
    [onReady, messageApi, notificationApi],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
