import { useEffect, type ReactNode } from 'react';
import { useProductConfig } from '../../lib/product-config.ts';
import { BrandLink } from './brand-link.tsx';

export interface PageLayoutProps {
  /** The page's heading and document title. */
  title: string;
  children: ReactNode;
  /** Replaces the top bar's right side (e.g. the dashboard's user and Log Out). */
  actions?: ReactNode;
  /** Wider content for tables and diagnostics. */
  wide?: boolean;
}

/** A plain page: the top bar with the product's name, a level-1 heading and the content. */
export function PageLayout({ title, children, actions, wide = false }: PageLayoutProps) {
  const { productName } = useProductConfig();
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title, productName]);
  return (
    <div className="page">
      <header className="topbar page__topbar">
        <BrandLink />
        {actions ? <div className="topbar__actions">{actions}</div> : null}
      </header>
      <main className={`page__main ${wide ? 'page__main--wide' : ''}`}>
        <h1 className="page__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
