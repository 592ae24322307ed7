import { createRoot } from 'react-dom/client';
import { Studio } from './app.tsx';
import './studio.css';

createRoot(document.getElementById('studio')!).render(<Studio />);
