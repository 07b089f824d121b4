import { ArrowLeft } from 'lucide-react';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cx } from '../../lib/cx';
import { Logo } from '../logo/logo';
import styles from './card-layout.module.css';

export interface CardLayoutProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: string;
  /** Path of the parent page; renders a 'Voltar' link to it. */
  backTo?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** A page of its own (sign-in, register, 404...): the card is the page's main landmark. */
export function CardLayout({ title, backTo, children, footer, className, ...props }: CardLayoutProps) {
  const titleId = useId();
  return (
    <main {...props} className={cx(styles.page, className)}>
      <section className={styles.card} aria-labelledby={titleId}>
        {backTo ? (
          <Link to={backTo} className={styles.back}>
            <ArrowLeft size={16} aria-hidden="true" />
            Voltar
          </Link>
        ) : null}
        <header className={styles.header}>
          <Logo withName size="lg" />
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
        </header>
        <div className={styles.body}>{children}</div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </section>
    </main>
  );
}
