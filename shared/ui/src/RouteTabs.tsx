import { Tab, TabList } from '@fluentui/react-components';
import { useLocation, useNavigate } from 'react-router-dom';
import { joinPath } from './joinPath';

export interface RouteTab {
  /** Child path under the remote's mount point, e.g. 'sos'. */
  path: string;
  label: string;
}

export interface RouteTabsProps {
  tabs: readonly RouteTab[];
  label: string;
  /** Where the remote is mounted (RemoteAppProps.basePath); tabs navigate to `basePath/<path>`. */
  basePath: string;
}

/**
 * Tabs that switch between a remote's child routes. Paths are built from basePath because a
 * remote sits in a splat route, where relative links resolve against the whole URL.
 */
export function RouteTabs({ tabs, label, basePath }: RouteTabsProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = joinPath(basePath, '');
  const current = pathname.startsWith(base) ? (pathname.slice(base.length).split('/')[0] ?? '') : '';
  return (
    <TabList
      aria-label={label}
      selectedValue={current}
      onTabSelect={(_e, data) => void navigate(joinPath(basePath, String(data.value)))}
    >
      {tabs.map((tab) => (
        <Tab key={tab.path} value={tab.path}>
          {tab.label}
        </Tab>
      ))}
    </TabList>
  );
}
