import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/AdminApp';
import { makeAdminStore } from './app/store';
import { initAdminI18n } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from admin.html');

createRoot(root).render(
  <StrictMode>
    <AdminApp store={makeAdminStore()} i18n={initAdminI18n()} />
  </StrictMode>,
);
