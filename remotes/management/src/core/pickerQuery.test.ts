import { pickerQuery } from './pickerQuery';

describe('pickerQuery', () => {
  it('browses by nickname and searches by id', () => {
    expect(pickerQuery('', 20)).toEqual({ size: 20, sort: 'nickname' });
    expect(pickerQuery('   ', 20)).toEqual({ size: 20, sort: 'nickname' });
    expect(pickerQuery(' priya ', 20)).toEqual({ size: 20, sort: 'id', q: 'priya' });
  });
});
