// The bundle row's reference: the least any page of a React 19 site ships (react and react-dom rendering one element).
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<p>Champa</p>);
