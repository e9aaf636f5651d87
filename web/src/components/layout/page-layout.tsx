import { useEffect, type ReactNode } from 'react';
import { useProductConfig } from '../../lib/product-config.ts';
import { AppHeader } from './app-header.tsx';
import { BrandLink } from './brand-link.tsx';

export interface PageLayoutProps {
  /** The page's heading and document title. */
  title: string;
  children: ReactNode;
  /** Beside the heading (e.g. a link back). */
  actions?: ReactNode;
  /** Wider content for tables and diagnostics. */
  wide?: boolean;
  /**
   * A page for anyone with its link (the shared task, the documentation, sign-in errors): the
   * product's name only, no app navigation.
   */
  publicPage?: boolean;
  /** The heading is for screen readers only (the page shows its own). */
  hiddenTitle?: boolean;
  /** The content fills the window below the top bar and scrolls inside (Messages). */
  fill?: boolean;
}

/** A page: the app shell's top bar (or the public one), a level-1 heading and the content. */
export function PageLayout({
  title,
  children,
  actions,
  wide = false,
  publicPage = false,
  hiddenTitle = false,
  fill = false,
}: PageLayoutProps) {
  const { productName } = useProductConfig();
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title, productName]);
  return (
    <div className={`page${fill ? ' page--fill' : ''}`}>
      {publicPage ? (
        <header className="topbar">
          <BrandLink />
        </header>
      ) : (
        <AppHeader />
      )}
      <main className={`page__main ${wide ? 'page__main--wide' : ''}`}>
        <div className={`page__head${hiddenTitle ? ' visually-hidden' : ''}`}>
          <h1 className="page__title">{title}</h1>
          {actions ? <div className="page__actions">{actions}</div> : null}
        </div>
        {children}
      </main>
    </div>
  );
}
