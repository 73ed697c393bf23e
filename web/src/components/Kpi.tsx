/** One figure of a `<dl className="kpis">`: what it is, then its value. */
import type { ReactNode } from 'react';

export function Kpi({ label, className, children }: { label: string; className?: string | undefined; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
