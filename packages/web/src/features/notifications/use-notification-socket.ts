import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authHeaders } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { idleSeconds } from '@/lib/user-activity';
import { fetchNewestUnread } from './api/notices';
import { noticeHref, noticeText } from './utils/notice-text';

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps a WebSocket to /ws open while someone is logged in: it says who it is with the session
 * token as its first message, and on each "notifications" signal refreshes the messages and the
 * case lists and pops up the newest message (clicking it opens the case). A dropped line is
 * opened again, waiting longer each time up to 30 s.
 */
export function useNotificationSocket(): void {
  const { iUserId } = useSession();
  const client = useQueryClient();
  const { notification } = App.useApp();
  const { t } = useTranslation('notices');
  const navigate = useNavigate();

  useEffect(() => {
    if (iUserId === null) {
      return;
    }
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let backoff = 1000;
    let stopped = false;

    const popNewest = async () => {
      const page = await fetchNewestUnread().catch(() => null);
      const newest = page?.listPage[0];
      if (!newest) {
        return;
      }
      const href = noticeHref(newest);
      notification.info({
        key: `notice-${newest.iNoticeId}`,
        title: t('popupTitle'),
        description: noticeText(newest, t),
        placement: 'topRight',
        duration: 6,
        onClick: href ? () => void navigate(href) : undefined,
        props: { 'data-testid': 'notice-popup' } as object,
      });
    };

    const open = () => {
      const token = authHeaders().token;
      if (stopped || !token) {
        return;
      }
      const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
      socket = new WebSocket(url);
      socket.onopen = () => socket?.send(JSON.stringify({ token, idleSeconds: idleSeconds() }));
      socket.onmessage = (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as { type: string };
        if (message.type === 'ready') {
          backoff = 1000;
        } else if (message.type === 'notifications') {
          void client.invalidateQueries({ queryKey: ['notices'] });
          void client.invalidateQueries({ queryKey: ['cases'] });
          void popNewest();
        }
      };
      socket.onclose = (event) => {
        socket = null;
        // 4401: the session is gone; the next API call sends the user to the login page.
        if (!stopped && event.code !== 4401) {
          timer = setTimeout(open, backoff);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [iUserId, client, notification, t, navigate]);
}
