import { FileAddOutlined, FolderAddOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadType, slideTypesLabel } from '@pathconsult/shared';
import { TOUCH_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { toastInfo, toastSuccess } from '@/lib/toast';
import { uploadsLockedElsewhere } from '../utils/tab-lock';
import type { AddResult } from '../api/upload-manager';
import type { PickedFile } from '../utils/folder-scan';
import { pickedFromEntries, pickedFromList, type EntryLike } from '../utils/picked-files';
import type { Refusal } from '../utils/upload-checks';
import { refusalNamesFile, refusalText } from '../utils/refusal-text';
import { useUploads, type PanelRequest } from './upload-context';

/** The refusal text function in the current language. */
function useRefusalText() {
  const { t } = useTranslation('upload');
  return (refusal: Refusal, types: readonly string[]) => refusalText(t, refusal, types);
}

interface UploadPickerProps {
  request: PanelRequest;
  /** Supported types from the server; the picker waits for them. */
  types: readonly string[] | undefined;
  /** Vendor types the server reads only once OpenSlide is installed. */
  unreadableTypes?: readonly string[];
  /** Finished items whose slide no longer holds their name (deleted or renamed since). */
  released?: ReadonlySet<number>;
}

/**
 * Choosing slides for a case: drag and drop (files or folders), "choose files" and "choose
 * folder" (a folder input). Every choice is checked (spec §5) and queued; what was refused is
 * listed with the reason, and the files of a folder that are not slides are named, until the
 * next choice.
 */
export function UploadPicker({ request, types, unreadableTypes, released }: UploadPickerProps) {
  const { t } = useTranslation('upload');
  const { manager } = useUploads();
  const refusalText = useRefusalText();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<Refusal[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const single = request.iUploadType === UploadType.Single;
  // A phone or tablet: no mouse to drag with, no folder chooser.
  const touch = useMediaQuery(TOUCH_QUERY);
  // MRXS folders are explained only where this server reads MRXS (OpenSlide installed); until the
  // types are known, as it usually does.
  const mrxsText = (key: string) => (types?.includes('mrxs') === false ? `${key}NoMrxs` : key);

  // What was refused or skipped speaks of the last choice: once the queue is started, the doctor
  // has moved past it, and the note would stay over the whole upload.
  useEffect(() => {
    if (!manager) {
      return undefined;
    }
    let wasUploading = manager.getSnapshot().uploading;
    return manager.subscribe(() => {
      const uploading = manager.getSnapshot().uploading;
      if (uploading && !wasUploading) {
        setRefused([]);
        setSkipped([]);
      }
      wasUploading = uploading;
    });
  }, [manager]);
  const ready = Boolean(manager && types);
  // The control that had the focus when files were chosen: switched off while they are read,
  // it lost the focus to the page, and a keyboard user started again from the top.
  const refocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const control = refocus.current;
    if (busy || !control) {
      return;
    }
    refocus.current = null;
    if (document.activeElement === null || document.activeElement === document.body) {
      control.focus();
    }
  }, [busy]);

  const add = async (picked: PickedFile[], strict: boolean, folderName?: string) => {
    if (!manager || !types) {
      return;
    }
    if (picked.length === 0) {
      // An empty folder is said to be empty (it was silent, and the last choice's refusals stayed
      // as if they answered it), by its name where it was dropped; a folder input gives none for
      // an empty folder. No file chosen says nothing.
      if (!strict) {
        setRefused([{ name: folderName ?? '', code: 'emptyFolder' }]);
        setSkipped([]);
      }
      return;
    }
    const focused = document.activeElement;
    refocus.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    setBusy(true);
    try {
      const result: AddResult = await manager.add({
        picked,
        target: request.target,
        iUploadType: request.iUploadType,
        strict,
        types,
        unreadableTypes,
        uploadedNames: request.uploadedNames,
        failedNames: request.failedNames,
        unfinished: request.unfinished,
        folderName,
        released,
      });
      setRefused(result.refused);
      setSkipped(result.skipped);
      if (result.added > result.continued) {
        toastSuccess(t('picker.added', { count: result.added - result.continued }));
      }
      // A slide another tab of this browser is sending goes on there: nothing to press here
      // (told to press Resume or Start, the user found the button greyed).
      const ids = [...new Set([...result.resumedIds, ...result.continuedIds])];
      const elsewhere =
        ids.length === 0
          ? new Set<number>()
          : await uploadsLockedElsewhere(() => manager.locksHeldHere()).catch(
              () => new Set<number>(),
            );
      const inOtherTab = countIn(ids, elsewhere);
      if (inOtherTab > 0) {
        toastInfo(t('picker.resumedInOtherTab', { count: inOtherTab }));
      }
      const uploading = manager.getSnapshot().uploading;
      // Of those continuing an upload begun elsewhere, and those given their files back.
      const continued = result.continued - countIn(result.continuedIds, elsewhere);
      const resumed = result.resumed - countIn(result.resumedIds, elsewhere);
      if (continued > 0) {
        toastSuccess(t(uploading ? 'picker.resumed' : 'picker.continued', { count: continued }));
      }
      if (resumed > 0) {
        // Taken up by a running queue; a stopped one goes on with Resume (the message said it
        // would continue, and it waited paused).
        toastSuccess(
          t(uploading ? 'picker.resumed' : 'picker.resumedPressResume', { count: resumed }),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const onInput = (input: HTMLInputElement, folder: boolean) => {
    const picked = pickedFromList(input.files ?? []);
    const folderName = folder ? picked[0]?.path.split('/')[0] : undefined;
    // Cleared, so that choosing the same file again is a change too.
    input.value = '';
    void add(picked, !folder, folderName);
  };

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const items = [...event.dataTransfer.items];
    const entries = items
      .map((item) => item.webkitGetAsEntry?.() as EntryLike | null | undefined)
      .filter((entry): entry is EntryLike => Boolean(entry));
    if (entries.length === 0) {
      await add(pickedFromList(event.dataTransfer.files), true);
      return;
    }
    const { picked, folder } = await pickedFromEntries(entries);
    await add(picked, !folder, entries.find((e) => e.isDirectory)?.name);
  };

  return (
    <Flex vertical gap="small">
      <div
        style={{
          border: `1px dashed ${dragging ? '#1f6feb' : '#d9d9d9'}`,
          borderRadius: 8,
          background: dragging ? '#f0f6ff' : '#fafafa',
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => void onDrop(event)}
        data-testid="upload-drop"
      >
        <Spin spinning={busy || !ready} description={busy ? t('picker.reading') : undefined}>
          <Flex vertical align="center" gap="small" style={{ padding: 16 }}>
            <InboxOutlined style={{ fontSize: 36, color: '#1f6feb' }} />
            <Typography.Text strong>
              {touch
                ? t(single ? 'picker.touchSingle' : 'picker.touch')
                : t(single ? mrxsText('picker.dropSingle') : 'picker.drop')}
            </Typography.Text>
            {types && (
              <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
                {/* No folders on a phone: its slides of several files are a computer's. */}
                {t(mrxsText(touch ? 'picker.hintTouch' : 'picker.hint'), {
                  types: slideTypesLabel(types),
                })}
              </Typography.Text>
            )}
            <Flex gap="small" wrap justify="center">
              <Button
                icon={<FileAddOutlined />}
                disabled={!ready || busy}
                onClick={() => fileInput.current?.click()}
                data-testid="upload-choose-files"
              >
                {t(single ? 'picker.chooseFile' : 'picker.chooseFiles')}
              </Button>
              {/* Phones and tablets neither drag files nor pick folders (their browsers open a
                  file chooser for a folder input): offered where a mouse is. */}
              {!touch && (
                <Button
                  icon={<FolderAddOutlined />}
                  disabled={!ready || busy}
                  onClick={() => document.getElementById('upload-folder-input')?.click()}
                  data-testid="upload-choose-folder"
                >
                  {t('picker.chooseFolder')}
                </Button>
              )}
            </Flex>
          </Flex>
        </Spin>
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple={!single}
          // The vendor types this server cannot read yet stay choosable: picked, they are
          // refused with the way to enable them (left out, their files would just not show).
          accept={[...(types ?? []), ...(unreadableTypes ?? [])]
            .map((type) => `.${type}`)
            .join(',')}
          disabled={!ready || busy}
          onChange={(event) => onInput(event.currentTarget, false)}
          data-testid="upload-file-input"
        />
        <input
          // Set through the DOM: React has no typed prop for it.
          ref={(input) => input?.setAttribute('webkitdirectory', '')}
          id="upload-folder-input"
          type="file"
          hidden
          disabled={!ready || busy}
          onChange={(event) => onInput(event.currentTarget, true)}
          data-testid="upload-folder-input"
        />
      </div>
      {skipped.length > 0 && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => setSkipped([]) }}
          title={t('picker.skippedTitle', { count: skipped.length })}
          description={skippedList(skipped, (count) => t('picker.skippedMore', { count }))}
          data-testid="upload-skipped"
        />
      )}
      {refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setRefused([]) }}
          title={t('picker.refusedTitle')}
          data-testid="upload-refused"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {refused.map((refusal, i) => {
                const text = refusalText(refusal, types ?? []);
                return (
                  <li key={`${refusal.name}:${i}`} data-testid={`upload-refused-${refusal.name}`}>
                    {/* Named before the reason unless the reason names it: a long scanner
                        name written twice in one line buried the reason between them. */}
                    {refusal.name && !refusalNamesFile(refusal) && (
                      <Typography.Text strong>
                        {t('picker.refusedName', { name: refusal.name })}
                      </Typography.Text>
                    )}
                    {text}
                  </li>
                );
              })}
            </ul>
          }
        />
      )}
    </Flex>
  );
}

/** Files shown by name before "and N more". */
const SKIPPED_SHOWN = 5;

/** The first skipped files by their path in the folder, then how many more. */
function skippedList(paths: readonly string[], more: (count: number) => string): string {
  const shown = paths.slice(0, SKIPPED_SHOWN).join(', ');
  return paths.length > SKIPPED_SHOWN ? `${shown} ${more(paths.length - SKIPPED_SHOWN)}` : shown;
}

/** How many of `ids` are in `set`. */
function countIn(ids: readonly number[], set: ReadonlySet<number>): number {
  return ids.filter((id) => set.has(id)).length;
}
