import { Card } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch';

/**
 * The frame of the pages seen before logging in (login, forgot password, registration): the
 * language switch in the corner and one centred card, the same on each.
 */
export function PublicPage({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <Card className="login-card" style={style}>
        {children}
      </Card>
    </main>
  );
}
