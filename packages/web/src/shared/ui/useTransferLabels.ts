import { type RefObject, useEffect } from 'react';

/**
 * Names the checkboxes of an antd Transfer inside `ref`: antd draws them without text and takes no
 * label for them. An item's checkbox gets the item's title, a list's select-all checkbox the list's
 * title; a MutationObserver keeps up with searches and moves, which antd renders on its own.
 */
export function useTransferLabels(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const label = () => {
      for (const input of root.querySelectorAll<HTMLInputElement>('.ant-transfer-list-checkbox input')) {
        const item = input.closest('li');
        const list = input.closest('.ant-transfer-section');
        const name = item
          ? item.title || item.textContent
          : list?.querySelector('.ant-transfer-list-header-title')?.textContent;
        if (name && input.getAttribute('aria-label') !== name) input.setAttribute('aria-label', name);
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}
