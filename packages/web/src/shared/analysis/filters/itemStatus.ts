/** Form.Item props that show a message as an error. */
export const itemStatus = (msg: string | undefined) => (msg ? { validateStatus: 'error' as const, help: msg } : {});
