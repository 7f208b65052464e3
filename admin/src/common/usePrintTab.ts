/**
 * A printable page (a label sheet) in a new tab: the tab is opened at the click, while it still
 * counts as the user's (a pop-up blocker allows it), then filled with the HTML `make` answers; a
 * blocked tab or a failure is a toast (buzz.labels.*) and the tab is closed. `busy` is true while
 * the page is made.
 */
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

export function usePrintTab() {
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const print = async (make: () => Promise<string>) => {
    const tab = window.open('', '_blank');
    if (!tab) {
      notify(translate('buzz.labels.popup_blocked'), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const html = await make();
      tab.document.open();
      tab.document.write(html);
      tab.document.close();
    } catch (error) {
      tab.close();
      notify(translate('buzz.labels.failed', { error: (error as Error).message }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, print };
}
