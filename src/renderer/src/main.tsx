import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the box office UI lands; it only proves the build and the bridge end to end.
function Placeholder() {
  const version = window.marquee?.appVersion;
  return (
    <main>
      <h1>Marquee box office — UI coming</h1>
      {version ? <p>Desktop app {version}</p> : null}
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Placeholder />
    </StrictMode>,
  );
}
