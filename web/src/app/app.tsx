import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

/** The whole web app: providers around the router. */
export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
