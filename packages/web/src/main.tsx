import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@/lib/i18n';
import { installDateEnterGuard } from '@/lib/date-field-enter';
import { installHiddenPickerBlurGuard } from '@/lib/hidden-picker-blur';
import { noteTabStart } from '@/lib/tab-history';
import { watchUserActivity } from '@/lib/user-activity';
import { App } from '@/app/app';
import '@/app/app.css';

// The language must be known before the first render (antd locale, texts, the `lang` header).
initI18n();
installDateEnterGuard();
installHiddenPickerBlurGuard();
watchUserActivity();
noteTabStart();

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
