import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createSiteRouter } from './app/router';
import { createServices, setAuthFailureHandler } from './app/services';

const services = createServices();
const router = createSiteRouter(services);
setAuthFailureHandler(() => {
  void router.navigate('/login');
});
services.scheduler.start();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
}
