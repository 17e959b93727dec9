import { Role } from './enums';
import { can } from './permissions';
import { MENU_SCREENS, SCREENS, SCREEN_IDS, canOpenPath, canOpenScreen, homeScreenFor, screenForPath } from './screens';

const menuFor = (role: Role) => MENU_SCREENS.filter((s) => canOpenScreen(role, s));

describe('screens by role', () => {
  it('gives a member only the dispatch console in the header menu', () => {
    expect(menuFor(Role.User)).toEqual(['dispatch']);
  });

  it('gives dispatchers, admins and super admins all eight menu titles', () => {
    for (const role of [Role.Dispatcher, Role.Admin, Role.SuperAdmin]) expect(menuFor(role)).toEqual([...MENU_SCREENS]);
  });

  it('agrees with the REST matrix: a screen opens only for roles that hold its action', () => {
    for (const id of SCREEN_IDS) {
      const { action, roles } = SCREENS[id];
      if (!action) continue;
      for (const role of Object.values(Role)) expect([id, role, roles.includes(role)]).toEqual([id, role, can(role, action)]);
    }
    expect(canOpenScreen(Role.User, 'users')).toBe(false);
    expect(canOpenScreen(Role.Dispatcher, 'loginRecords')).toBe(false);
    expect(canOpenScreen(Role.Admin, 'loginRecords')).toBe(true);
  });

  it('finds the screen of a path by its longest prefix', () => {
    expect(screenForPath('/main/record/login')).toBe('loginRecords');
    expect(screenForPath('/main/record/sos')).toBe('records');
    expect(screenForPath('/main/fenceManagement/edit/4')).toBe('geofence');
    expect(screenForPath('/main/userManagementX')).toBeNull();
    expect(screenForPath('/login')).toBeNull();
  });

  it('refuses a covered path to a role outside it and lets uncovered paths through', () => {
    expect(canOpenPath(Role.User, '/main/userManagement')).toBe(false);
    expect(canOpenPath(Role.User, '/sosManagement')).toBe(false);
    expect(canOpenPath(Role.User, '/main/test')).toBe(true);
    expect(canOpenPath(Role.Dispatcher, '/main/record/operation')).toBe(false);
    expect(canOpenPath(Role.Dispatcher, '/main/record/cross')).toBe(true);
    expect(canOpenPath(Role.User, '/somewhere/else')).toBe(true);
  });

  it('matches paths in any case, as the router does', () => {
    expect(canOpenPath(Role.User, '/main/UserManagement')).toBe(false);
    expect(canOpenPath(Role.User, '/MAIN/NEWPAGE')).toBe(false);
    expect(canOpenPath(Role.Dispatcher, '/main/Record/Login')).toBe(false);
    expect(screenForPath('/Main/Dispatch')).toBe('dispatch');
  });

  it('sends everyone home to the dispatch console', () => {
    for (const role of Object.values(Role)) expect(homeScreenFor(role)).toBe('dispatch');
  });
});
