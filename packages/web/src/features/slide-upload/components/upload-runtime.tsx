import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { invalidateSlideLists } from '@/features/slides/api/slides';
import { toastSuccess } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import {
  closeUploadPanel,
  leaveUploadScreen,
  panelRequestOf,
  setUploadManager,
  useUploadUi,
} from './upload-context';
import { lazyScreen, loadChunk } from '@/lib/lazy-screen';

const UploadPanel = lazyScreen(() =>
  import('./upload-panel').then((m) => ({ default: m.UploadPanel })),
);

/**
 * The upload queue for the whole workspace, placed once by the workspace frame, so that uploads
 * go on while the doctor switches screens and tabs. The queue's script loads right after the
 * frame (not with it); the panel loads the first time it opens.
 */
export function UploadRuntime() {
  const { t } = useTranslation('upload');
  const { iUserId } = useSession();
  const queryClient = useQueryClient();
  const ui = useUploadUi();
  const { manager, open, mounted } = ui;

  // The location as rendered: during a screen change the old screen (and this location) stays
  // until the new one has loaded, so a panel opened in that moment belongs to the screen shown.
  const { pathname, search } = useLocation();
  const where = `${pathname}${search}`;
  const shownAt = useRef(where);
  useEffect(() => {
    if (shownAt.current !== where) {
      shownAt.current = where;
      leaveUploadScreen();
    }
  }, [where]);

  useEffect(() => {
    if (!manager) {
      void loadChunk(() => import('../api/upload-store')).then((m) =>
        setUploadManager(m.uploadManager),
      );
    }
  }, [manager]);

  // The queue is the user's: another login gets their own (and the previous one stops).
  useEffect(() => manager?.switchUser(iUserId), [manager, iUserId]);
  // Mounted again once logged in (the workspace is left for the login page when a session
  // ends): what the session's end paused goes on.
  useEffect(() => {
    if (iUserId !== null) {
      manager?.resumeAfterLogin();
    }
  }, [manager, iUserId]);

  // Another tab of this browser changed the queue the tabs share: shown here at once.
  useEffect(() => {
    if (!manager) {
      return undefined;
    }
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) {
        manager.storedQueueChanged(event.key);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [manager]);

  useEffect(
    () =>
      manager?.onCompleted((item) => {
        // The case's slide list (and any slide list) shows the new slide.
        void invalidateSlideLists(queryClient);
        toastSuccess(t('done', { name: item.strFileName }));
      }),
    [manager, queryClient, t],
  );

  // A cancelled upload leaves the lists, and its storage is given back, at once.
  useEffect(
    () => manager?.onCancelled(() => void invalidateSlideLists(queryClient)),
    [manager, queryClient],
  );

  // A slide the server has just registered is listed at once (the case's Imagery tab showed
  // none while it uploaded): its row then follows the queue's progress by itself. One that failed
  // (refused, or deleted on the server by an administrator) is listed again too: the summary
  // above slide management still counted it as uploading.
  useEffect(() => {
    if (!manager) {
      return undefined;
    }
    const listed = new Set<number>();
    const failed = new Set<number>();
    const listNew = () => {
      let added = false;
      for (const item of manager.getSnapshot().items) {
        if (item.iSlideDocumentId !== null && !listed.has(item.iSlideDocumentId)) {
          listed.add(item.iSlideDocumentId);
          added = true;
        }
        if (item.state === 'failed' && !failed.has(item.iFileId)) {
          failed.add(item.iFileId);
          added = true;
        }
      }
      if (added) {
        void invalidateSlideLists(queryClient);
      }
    };
    listNew();
    return manager.subscribe(listNew);
    // Anew for each user: queue ids start again after another login.
  }, [manager, queryClient, iUserId]);

  // Leaving the page stops the upload: the browser asks first while one runs (nor does the page
  // reload by itself for a new deployment's screens meanwhile).
  useLeaveGuard(() => manager?.getSnapshot().uploading ?? false);

  if (!mounted || !manager) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <UploadPanel open={open} request={panelRequestOf(ui)} onClose={closeUploadPanel} />
    </Suspense>
  );
}
