import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RouteTabs } from './RouteTabs';
import type { RouteTab } from './RouteTabs';
import { joinPath } from './joinPath';

export interface Section extends RouteTab {
  element: ReactNode;
}

export interface SectionRoutesProps {
  /** The first section is the default child (e.g. records -> sos, patrol -> dashboard). */
  sections: readonly Section[];
  label: string;
  basePath: string;
}

/** A remote made of tabbed child routes, with its index and unknown children sent to the first. */
export function SectionRoutes({ sections, label, basePath }: SectionRoutesProps) {
  const first = sections[0]?.path ?? '';
  return (
    <>
      <RouteTabs tabs={sections} label={label} basePath={basePath} />
      <Routes>
        <Route index element={<Navigate to={first} replace />} />
        {sections.map((s) => (
          <Route key={s.path} path={s.path} element={s.element} />
        ))}
        {/* Absolute: relative paths in a splat route resolve against the whole URL. */}
        <Route path="*" element={<Navigate to={joinPath(basePath, first)} replace />} />
      </Routes>
    </>
  );
}
