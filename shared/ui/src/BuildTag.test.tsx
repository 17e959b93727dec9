import { render, screen } from '@testing-library/react';
import { BuildTag } from './BuildTag';
import { initI18n } from './i18n/i18n';

beforeAll(() => initI18n());

// Issue 15: every page of a production build said 'Build dev'.
describe('BuildTag', () => {
  it('shows a deployment tag', () => {
    render(<BuildTag tag="2026.11.24-1" />);
    expect(screen.getByText('Build 2026.11.24-1')).toBeInTheDocument();
  });

  it('shows nothing for a production build without a tag', () => {
    const { container } = render(<BuildTag tag="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
