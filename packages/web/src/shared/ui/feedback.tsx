import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Toasts and notifications that follow the theme and language (the hook forms of antd's message
 * and notification). Used instead of antd's <App>, which would also pull Modal into the shell.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const value = useMemo(() => ({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi]);
  return (
    <FeedbackContext.Provider value={value}>
      {messageHolder}
      {notificationHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const f = useContext(FeedbackContext);
  if (!f) throw new Error('useFeedback outside FeedbackProvider');
  return f;
}
