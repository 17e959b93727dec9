import { Role } from '@ptt/contracts';
import { isOwnRecordEntry, ownRecordsLink } from './ownRecords';

describe('own records from the user menu', () => {
  it('open the records views filtered to the caller for the roles that may open them', () => {
    expect(ownRecordsLink('sosRecord', Role.Dispatcher)).toBe('/main/record/sos?mine=1');
    expect(ownRecordsLink('loginRecord', Role.Dispatcher)).toBeNull();
    expect(ownRecordsLink('operationRecord', Role.Dispatcher)).toBeNull();
    for (const role of [Role.Admin, Role.SuperAdmin]) {
      expect(ownRecordsLink('loginRecord', role)).toBe('/main/record/login?mine=1');
      expect(ownRecordsLink('operationRecord', role)).toBe('/main/record/operation?mine=1');
      expect(ownRecordsLink('sosRecord', role)).toBe('/main/record/sos?mine=1');
    }
  });

  it('leave members their dialogs', () => {
    expect(ownRecordsLink('sosRecord', Role.User)).toBeNull();
    expect(ownRecordsLink('loginRecord', Role.User)).toBeNull();
    expect(ownRecordsLink('operationRecord', Role.User)).toBeNull();
  });

  it('are the three record entries only', () => {
    expect(['loginRecord', 'operationRecord', 'sosRecord'].every(isOwnRecordEntry)).toBe(true);
    expect(isOwnRecordEntry('changePassword')).toBe(false);
  });
});
