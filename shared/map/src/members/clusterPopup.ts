import i18next from 'i18next';
import { MAP_NS } from '../strings';
import { STATUS_COLORS } from './draw';
import type { ClusterMember } from './memberIndex';

/** Names listed in a cluster's popup; the rest are counted. */
export const POPUP_LIST_MAX = 100;

/**
 * The popup body of a cluster: its count and its members, each a button selecting that member.
 * Names go in with textContent: a member's name is never HTML.
 */
export function clusterPopupContent(members: readonly ClusterMember[], onPick: (uid: number) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'ptt-cluster-popup';
  const title = document.createElement('strong');
  title.textContent = i18next.t('clusterTitle', { ns: MAP_NS, count: members.length });
  root.append(title);
  const list = document.createElement('ul');
  list.setAttribute('aria-label', i18next.t('clusterList', { ns: MAP_NS }));
  Object.assign(list.style, { listStyle: 'none', margin: '6px 0 0', padding: '0', maxHeight: '240px', overflowY: 'auto', minWidth: '160px' });
  for (const m of members.slice(0, POPUP_LIST_MAX)) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.uid = String(m.uid);
    button.title = i18next.t(`userStatus.${m.status}`, { ns: 'common' });
    Object.assign(button.style, {
      display: 'flex', alignItems: 'center', gap: '6px', width: '100%', padding: '3px 4px',
      border: 'none', background: 'none', font: 'inherit', textAlign: 'left', cursor: 'pointer',
    });
    const dot = document.createElement('span');
    dot.setAttribute('aria-hidden', 'true');
    Object.assign(dot.style, { width: '8px', height: '8px', borderRadius: '50%', flex: 'none', background: STATUS_COLORS[m.status] });
    const name = document.createElement('span');
    name.textContent = m.name;
    button.append(dot, name);
    button.addEventListener('click', () => onPick(m.uid));
    item.append(button);
    list.append(item);
  }
  root.append(list);
  if (members.length > POPUP_LIST_MAX) {
    const more = document.createElement('p');
    more.style.margin = '4px 0 0';
    more.textContent = i18next.t('clusterMore', { ns: MAP_NS, count: members.length - POPUP_LIST_MAX });
    root.append(more);
  }
  return root;
}
