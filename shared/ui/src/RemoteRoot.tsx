import type { ReactNode } from 'react';
import { BuildTag } from './BuildTag';

export interface RemoteRootProps {
  /** Remote name: the root carries `data-testid="remote-<name>"`. */
  name: string;
  /** The remote's own build tag (from its bundle, never from this shared package). */
  buildTag: string;
  children: ReactNode;
}

/** The root element every remote renders: a test id, its build tag, and the tag shown small. */
export function RemoteRoot({ name, buildTag, children }: RemoteRootProps) {
  return (
    <div data-testid={`remote-${name}`} data-build-tag={buildTag}>
      {children}
      <BuildTag tag={buildTag} />
    </div>
  );
}
